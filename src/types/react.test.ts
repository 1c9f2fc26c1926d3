/**
 * The React typings are written by hand, so this test holds them to the
 * manifest (custom-elements.json, generated from the element's JSDoc): every
 * attribute, every property without an attribute and every event needs a prop
 * in `PayCardFormJsxProps`, and every prop there must still exist.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

interface Member {
  kind: string;
  name: string;
  static?: boolean;
  readonly?: boolean;
  privacy?: string;
  attribute?: string;
  type?: { text: string };
}
interface Declaration {
  tagName?: string;
  attributes?: { name: string; fieldName?: string; type?: { text: string } }[];
  members?: Member[];
  events?: { name: string }[];
}

const manifest = JSON.parse(await readFile(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as {
  modules: { declarations?: Declaration[] }[];
};
const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'pay-card-form')!;

/** The props `PayCardFormJsxProps` declares itself (not those it inherits from React), with their type text. */
async function jsxProps(): Promise<Map<string, string>> {
  const path = new URL('./react.ts', import.meta.url);
  const source = ts.createSourceFile(path.pathname, await readFile(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const props = new Map<string, string>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'PayCardFormJsxProps') return;
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const name = ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(source);
      props.set(name, member.type.getText(source));
    }
  });
  return props;
}

/** What the manifest says a page can set or listen to, as React props. */
function expectedProps(): Map<string, string> {
  const expected = new Map<string, string>();
  for (const attribute of element.attributes ?? []) expected.set(attribute.name, attribute.fieldName ?? attribute.name);
  const attributeFields = new Set((element.attributes ?? []).map((a) => a.fieldName));
  // Writable instance properties with no attribute (`messages`): React 19 sets them as properties.
  for (const member of element.members ?? []) {
    if (
      member.kind === 'field' &&
      !member.static &&
      !member.readonly &&
      (member.privacy ?? 'public') === 'public' &&
      !attributeFields.has(member.name)
    ) {
      expected.set(member.name, member.name);
    }
  }
  for (const event of element.events ?? []) expected.set(`on${event.name}`, event.name);
  return expected;
}

test('the manifest lists what the typings are checked against', () => {
  const expected = [...expectedProps().keys()].sort();
  // A floor, so a manifest that lost its attributes cannot make the next test pass vacuously.
  for (const name of [
    'public-key',
    'base-url',
    'locale',
    'submit-label',
    'hide-submit',
    'theme',
    'name',
    'required',
    'messages',
    'ontokenized',
    'onchange',
    'ontokenize-error',
  ]) {
    assert.ok(expected.includes(name), `${name} in the manifest`);
  }
});

test('every attribute, property and event of the element has a React prop, and no prop is stale', async () => {
  const props = await jsxProps();
  const expected = expectedProps();
  const missing = [...expected.keys()].filter((name) => !props.has(name));
  const stale = [...props.keys()].filter((name) => !expected.has(name));
  assert.deepEqual(missing, [], 'add these to PayCardFormJsxProps in src/types/react.ts');
  assert.deepEqual(stale, [], 'these props are not in custom-elements.json');
});

test("attribute and property props take the element's own property type", async () => {
  const props = await jsxProps();
  for (const [prop, field] of expectedProps()) {
    if (prop.startsWith('on')) continue;
    assert.equal(props.get(prop), `PayCardForm['${field}']`, prop);
  }
});

test("event props take the element's event type", async () => {
  const props = await jsxProps();
  for (const event of element.events ?? []) {
    assert.equal(props.get(`on${event.name}`), `(event: PayCardFormEventMap['${event.name}']) => void`, event.name);
  }
});
