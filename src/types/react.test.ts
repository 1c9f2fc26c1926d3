/**
 * The React typings are written by hand, so this test holds them to the
 * manifest (custom-elements.json, generated from the elements' JSDoc): for
 * each element, every attribute, every property without an attribute and
 * every event needs a prop in its JSX props interface, each with the
 * element's own type, and every prop there must still exist. Then tsc
 * compiles react-jsx.check.tsx, JSX written against the typings, whose
 * wrong props and handlers must stay errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

/** Each element, its typings file, and a floor of names the manifest must list, so a manifest that lost them cannot pass vacuously. */
const ELEMENTS = [
  {
    tag: 'pay-card-form',
    file: './react.ts',
    props: 'PayCardFormJsxProps',
    type: 'PayCardForm',
    events: 'PayCardFormEventMap',
    floor: [
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
    ],
  },
  {
    tag: 'pay-pix-qr',
    file: './react-pix.ts',
    props: 'PayPixQrJsxProps',
    type: 'PayPixQr',
    events: 'PayPixQrEventMap',
    floor: [
      'payload',
      'expires-at',
      'status',
      'status-url',
      'locale',
      'theme',
      'now',
      'onexpired',
      'onpaid',
      'onpayload-error',
      'oncopied',
    ],
  },
  {
    tag: 'pay-checkout',
    file: './react-checkout.ts',
    props: 'PayCheckoutJsxProps',
    type: 'PayCheckout',
    events: 'PayCheckoutEventMap',
    floor: [
      'endpoint',
      'order-id',
      'amount',
      'methods',
      'public-key',
      'installments',
      'collect-tax-id',
      'messages',
      'onpaid',
      'onpayment-failed',
      'onmethod-change',
    ],
  },
] as const;

for (const spec of ELEMENTS) {
  const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === spec.tag)!;

  /** The props the interface declares itself (not those it inherits from React), with their type text. */
  const jsxProps = async (): Promise<Map<string, string>> => {
    const path = new URL(spec.file, import.meta.url);
    const source = ts.createSourceFile(path.pathname, await readFile(path, 'utf8'), ts.ScriptTarget.ES2022, true);
    const props = new Map<string, string>();
    source.forEachChild((node) => {
      if (!ts.isInterfaceDeclaration(node) || node.name.text !== spec.props) return;
      for (const member of node.members) {
        if (!ts.isPropertySignature(member) || !member.type) continue;
        const name = ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(source);
        props.set(name, member.type.getText(source));
      }
    });
    return props;
  };

  /** What the manifest says a page can set or listen to, as React props. */
  const expectedProps = (): Map<string, string> => {
    const expected = new Map<string, string>();
    for (const attribute of element.attributes ?? []) expected.set(attribute.name, attribute.fieldName ?? attribute.name);
    const attributeFields = new Set((element.attributes ?? []).map((a) => a.fieldName));
    // Writable instance properties with no attribute (`messages`, `now`): React 19 sets them as properties.
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
  };

  test(`<${spec.tag}>: the manifest lists what the typings are checked against`, () => {
    const expected = [...expectedProps().keys()];
    for (const name of spec.floor) assert.ok(expected.includes(name), `${name} in the manifest`);
  });

  test(`<${spec.tag}>: every attribute, property and event has a React prop in ${spec.file}, and no prop is stale`, async () => {
    const props = await jsxProps();
    const expected = expectedProps();
    const missing = [...expected.keys()].filter((name) => !props.has(name));
    const stale = [...props.keys()].filter((name) => !expected.has(name));
    assert.deepEqual(missing, [], `add these to ${spec.props} in src/types/${spec.file.slice(2)}`);
    assert.deepEqual(stale, [], 'these props are not in custom-elements.json');
  });

  test(`<${spec.tag}>: attribute and property props take the element's own property type`, async () => {
    const props = await jsxProps();
    for (const [prop, field] of expectedProps()) {
      if (prop.startsWith('on')) continue;
      assert.equal(props.get(prop), `${spec.type}['${field}']`, prop);
    }
  });

  test(`<${spec.tag}>: event props take the element's event type`, async () => {
    const props = await jsxProps();
    for (const event of element.events ?? []) {
      assert.equal(props.get(`on${event.name}`), `(event: ${spec.events}['${event.name}']) => void`, event.name);
    }
  });
}

test('the typings type-check in JSX as an app uses them, and refuse a wrong prop or event type', async () => {
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  const check = fileURLToPath(new URL('./react-jsx.check.tsx', import.meta.url));
  // An app's settings: strict, React's automatic runtime, the DOM; each `@ts-expect-error` there must still be an error.
  const options = ['--noEmit', '--strict', '--jsx', 'react-jsx', '--target', 'ES2022', '--module', 'ESNext'];
  options.push('--moduleResolution', 'Bundler', '--lib', 'ES2022,DOM,DOM.Iterable', '--types', 'react', '--skipLibCheck');
  const run = promisify(execFile)(process.execPath, [tsc, ...options, check]);
  await run.catch((error: { stdout?: string }) => assert.fail(`tsc found errors:\n${error.stdout ?? String(error)}`));
});
