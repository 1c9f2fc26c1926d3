import { defineConfig, parseAst, type Plugin } from 'vite';
import { minify } from 'terser';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The element's `css` templates keep the indentation they were written with;
 * in the script-tag file that is dead weight. This squeezes it out at build
 * time only, so the sources stay readable. It only removes whitespace,
 * comments, leading zeros and quotes around plain attribute values: nothing
 * our CSS depends on (it has no quoted strings whose spacing matters).
 *
 * The templates are found by parsing the module, so a template interpolated
 * into another is squeezed too and nothing outside a template's static text
 * is touched. (The element has no `html` templates: see src/element/view.ts.)
 */
export function squeezeCssTemplates(): Plugin {
  const squeeze = (text: string, first: boolean, last: boolean) => {
    const out = text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>/!])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      .replace(/\b0\.(\d)/g, '.$1')
      .replace(/='([A-Za-z_][\w-]*)'\]/g, '=$1]')
      .replace(/@media \(/g, '@media(');
    // Trimmed only at the template's own start and end: beside a `${}`, a space separates values.
    return (first ? out.trimStart() : out).replace(last ? /\s+$/ : /$^/, '');
  };

  interface Node {
    type: string;
    [key: string]: unknown;
  }
  interface Quasi {
    start: number;
    end: number;
    value: { raw: string };
  }
  const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

  return {
    name: 'pay-squeeze-css-templates',
    apply: 'build',
    transform(code, id) {
      if (!/src[\\/]element[\\/][^\\/]+\.ts$/.test(id)) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!isNode(node)) return;
        const tag = node.type === 'TaggedTemplateExpression' ? (node.tag as Node) : null;
        if (tag?.type === 'Identifier' && tag.name === 'css') {
          const quasis = (node.quasi as { quasis: Quasi[] }).quasis;
          quasis.forEach((q, i) => edits.push({ start: q.start, end: q.end, text: squeeze(q.value.raw, i === 0, i === quasis.length - 1) }));
        }
        for (const [key, child] of Object.entries(node)) if (key !== 'parent') visit(child);
      };
      visit(parseAst(code));
      let out = code;
      for (const edit of edits.sort((x, y) => y.start - x.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      return out;
    },
  };
}

/**
 * card-validator's Luhn module is CommonJS with a single `module.exports =`.
 * Left as it is, the bundler wraps it in an interop runtime that weighs more
 * than the function itself; as an ES module it costs only its own bytes.
 * Fails loudly if a new card-validator changes the file's shape.
 */
export function luhnAsEsModule(): Plugin {
  return {
    name: 'pay-luhn-as-es-module',
    apply: 'build',
    transform(code, id) {
      if (!/card-validator[\\/]dist[\\/]luhn-10\.js$/.test(id)) return null;
      const single = /^module\.exports = (\w+);$/m;
      if (!single.test(code) || /\bexports\.|require\(/.test(code)) {
        throw new Error(`${id}: expected one "module.exports = name;" and nothing else CommonJS`);
      }
      return code.replace(single, 'export default $1;');
    },
  };
}

/**
 * `lit`'s index imports lit-html and lit-element only to load them, so a
 * bundler keeps their 2.6 KB (brotli) even for an element, like ours, that
 * extends Lit's ReactiveElement and renders no templates. What loading them
 * does (register their versions, create lit-html's Trusted Types policy, call
 * polyfill and hydration hooks) only matters to code that renders with them,
 * so these three entry modules may be dropped when nothing uses them. Any
 * other file of those packages (e.g. `polyfill-support.js`) keeps its effects.
 */
export function litWithoutUnusedTemplates(): Plugin {
  const entries = /node_modules[\\/](lit[\\/]index|lit-html[\\/]lit-html|lit-element[\\/]lit-element)\.js$/;
  return {
    name: 'pay-lit-without-unused-templates',
    apply: 'build',
    transform(code, id) {
      return entries.test(id) ? { code, moduleSideEffects: false } : null;
    },
  };
}

/**
 * A second minifier pass over each finished file. Rolldown's own minifier runs
 * first; terser, run after it, still finds about 2% of the brotli size of the
 * script-tag file (docs/dependencies.md). `npm run bench` gives every peer the
 * same pass, so the comparison stays even.
 */
export function terserPass(): Plugin {
  return {
    name: 'pay-terser-pass',
    apply: 'build',
    async generateBundle(output, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const result = await minify(file.code, { module: output.format === 'es', ecma: 2022, compress: { passes: 2 } });
        file.code = result.code!;
      }
    },
  };
}

/** The plugins the script-tag file is built with; the bench bundles our rows with the same. */
export const scriptTagPlugins = (): Plugin[] => [squeezeCssTemplates(), luhnAsEsModule(), litWithoutUnusedTemplates(), terserPass()];

/**
 * Two jobs share this file:
 *
 * - `npm start` (demo/serve.ts) serves the demo from `demo/`, importing the
 *   sources directly, so a change in `src/` shows up on reload.
 * - `vite build` (the tail of `npm run build`) writes the script-tag files:
 *   `dist/pay-card-form.js`, one self-contained ES module with Lit inside, and
 *   `dist/pay-card-form.iife.js`, the same as a classic script for checkouts
 *   that cannot load modules. Both are what `<script src>` merchants load; the
 *   npm entry points next to them stay unbundled (tsc's output), so bundlers
 *   can dedupe Lit.
 */
export default defineConfig({
  root: 'demo',
  server: {
    host: '127.0.0.1',
    // The demo pages never need server or sandbox code in the browser, and
    // those modules hold test credentials: refuse to serve them at all.
    fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/src/server/**', '**/src/sandbox/**'] },
  },
  optimizeDeps: {
    // The CommonJS Luhn module needs pre-bundling to reach the browser as ESM.
    include: ['card-validator/dist/luhn-10.js'],
    // Only the checkout page: demo/script-tag and demo/frameworks are separate
    // apps with their own builds, and crawling them would drag React, Vue and
    // Svelte into the checkout's dependency scan.
    entries: ['index.html'],
  },
  plugins: scriptTagPlugins(),
  build: {
    // tsc has already written the npm entry points into dist/; keep them.
    outDir: fromRoot('dist'),
    emptyOutDir: false,
    // Same floor as the sources (ES2022): every browser with custom elements and private fields.
    target: 'es2022',
    // A merchant debugging a checkout gets readable stack traces from the npm build; this one stays lean.
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: fromRoot('src/script-tag.ts'),
      name: 'PayCardForm',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'pay-card-form.js' : `pay-card-form.${format}.js`),
    },
    rolldownOptions: {
      // Library mode leaves whitespace in ES output; minify both formats fully.
      output: { minify: true },
    },
  },
});
