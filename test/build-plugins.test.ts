/**
 * The build plugins of the script-tag file (vite.config.ts), on inputs that
 * would trip a careless implementation. They rewrite our code, so a mistake
 * here ships broken markup or styles without any type error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Plugin } from 'vite';
import { litWithoutUnusedTemplates, luhnAsEsModule, squeezeCssTemplates } from '../vite.config.js';

type Transform = (code: string, id: string) => string | null;
const transformOf = (plugin: Plugin) => plugin.transform as unknown as Transform;
const squeeze = (code: string) => transformOf(squeezeCssTemplates())(code, '/repo/src/element/x.ts');

test('squeezes css templates, one interpolated into another included, and leaves the substitutions alone', () => {
  const code = [
    'const dark = css`',
    '  --_bg: var(--pay-color-background, #1f2023);',
    '`;',
    'const styles = css`',
    '  /* a comment */',
    "  :host([theme='dark']) {",
    '    ${dark}',
    '  }',
    "  a { b: ${x ? css`c:  d` : ''} }",
    '`;',
  ].join('\n');
  assert.equal(
    squeeze(code),
    "const dark = css`--_bg:var(--pay-color-background,#1f2023);`;\nconst styles = css`:host([theme=dark]){${dark}}a{b:${x ? css`c:d` : ''}}`;",
  );
});

test('leaves comments, strings, html and untagged templates as they are', () => {
  const code = "// a css`  x  ` in a comment\nconst s = 'css`  y  `';\nconst h = html`  <p>  </p>  `;\nconst t = `  z  ${css`  a { b: c }  `}  `;";
  assert.equal(squeeze(code), "// a css`  x  ` in a comment\nconst s = 'css`  y  `';\nconst h = html`  <p>  </p>  `;\nconst t = `  z  ${css`a{b:c}`}  `;");
});

test('does not join values around a substitution or unquote what must stay quoted', () => {
  const code = "const c = css`\n  a { margin: ${x} ${y}; opacity: 0.85 }\n  [data-n='2'], [theme='dark'] { b: c }\n`;";
  assert.equal(squeeze(code), "const c = css`a{margin:${x} ${y};opacity:.85}[data-n='2'],[theme=dark]{b:c}`;");
});

test('touches only the element sources', () => {
  assert.equal(transformOf(squeezeCssTemplates())('const v = css`  a { b: c }  `;', '/repo/src/card/x.ts'), null);
});

test('turns the single-export CommonJS Luhn module into an ES module, and refuses any other shape', () => {
  const transform = transformOf(luhnAsEsModule());
  const id = '/repo/node_modules/card-validator/dist/luhn-10.js';
  assert.equal(transform('"use strict";\nfunction luhn10(s) {}\nmodule.exports = luhn10;', id), '"use strict";\nfunction luhn10(s) {}\nexport default luhn10;');
  assert.throws(() => transform('exports.a = 1;\nmodule.exports = luhn10;', id), /nothing else CommonJS/);
  assert.equal(transform('module.exports = x;', '/repo/node_modules/other/index.js'), null);
});

test('marks only the entry modules of lit, lit-html and lit-element as droppable, never ReactiveElement', () => {
  const transform = litWithoutUnusedTemplates().transform as unknown as (code: string, id: string) => unknown;
  for (const id of ['/r/node_modules/lit/index.js', '/r/node_modules/lit-html/lit-html.js', '/r/node_modules/lit-element/lit-element.js']) {
    assert.deepEqual(transform('x', id), { code: 'x', moduleSideEffects: false }, id);
  }
  assert.equal(transform('x', '/r/node_modules/@lit/reactive-element/reactive-element.js'), null);
  assert.equal(transform('x', '/r/node_modules/lit/polyfill-support.js'), null);
  assert.equal(transform('x', '/r/node_modules/lit-html/polyfill-support.js'), null);
  assert.equal(transform('x', '/r/src/element/pay-card-form.ts'), null);
});
