import { defineConfig, type Plugin } from 'vite';
import { minify } from 'terser';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Lit's `html` and `css` templates keep the indentation they were written
 * with; in the script-tag file that is dead weight. This squeezes it out of
 * the element's templates at build time only, so the sources stay readable.
 * It only removes whitespace, CSS comments, leading zeros and quotes around
 * plain attribute values: nothing our HTML text or CSS depends on.
 *
 * Templates nest (`${cond ? html`…` : ''}` inside another), so the static
 * text is found by walking the source: each `${…}` is copied as it is, with
 * any tagged template inside it squeezed the same way.
 */
export function squeezeTemplates(): Plugin {
  const squeezeCss = (text: string) =>
    text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>/!])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      .replace(/\b0\.(\d)/g, '.$1')
      .replace(/='([\w-]+)'\]/g, '=$1]')
      .replace(/@media \(/g, '@media(')
      .trim();
  const squeezeHtml = (text: string) => text.replace(/\s+/g, ' ').replace(/>\s+</g, '><').replace(/\s+\/>/g, '/>');
  type Squeeze = (text: string, first: boolean, last: boolean) => string;
  const squeezers: Record<string, Squeeze> = {
    css: (text) => squeezeCss(text),
    // Whitespace at the very start or end of an HTML template is never content.
    html: (text, first, last) => {
      const out = squeezeHtml(text);
      return (first ? out.trimStart() : out).replace(last ? /\s+$/ : /$^/, '');
    },
    plain: (text) => text,
  };

  /** Reads a template body from `i` (just past its opening backtick); returns it squeezed and the index past its closing one. */
  function template(code: string, i: number, squeeze: Squeeze): [string, number] {
    let out = '';
    let chunk = '';
    let first = true;
    for (;;) {
      const c = code[i];
      if (c === undefined) throw new Error('squeezeTemplates: unterminated template literal');
      if (c === '\\') {
        chunk += c + code[i + 1];
        i += 2;
      } else if (c === '`') {
        return [out + squeeze(chunk, first, true), i + 1];
      } else if (c === '$' && code[i + 1] === '{') {
        const [expression, end] = substitution(code, i + 2);
        out += `${squeeze(chunk, first, false)}\${${expression}}`;
        chunk = '';
        first = false;
        i = end;
      } else {
        chunk += c;
        i++;
      }
    }
  }

  /** Reads a `${…}` expression from `i`; returns it, its templates squeezed, and the index past its closing brace. */
  function substitution(code: string, i: number): [string, number] {
    let out = '';
    let depth = 0;
    for (;;) {
      const c = code[i];
      if (c === undefined) throw new Error('squeezeTemplates: unterminated ${');
      if (c === '}' && depth === 0) return [out, i + 1];
      if (c === '{') depth++;
      if (c === '}') depth--;
      if (c === "'" || c === '"') {
        const end = quoted(code, i);
        out += code.slice(i, end);
        i = end;
      } else if (c === '`') {
        const tag = /\b(css|html)$/.exec(out)?.[1] ?? 'plain';
        const [body, end] = template(code, i + 1, squeezers[tag]!);
        out += `\`${body}\``;
        i = end;
      } else {
        out += c;
        i++;
      }
    }
  }

  /** Index just past the string literal that starts at `i`. */
  function quoted(code: string, i: number): number {
    const quote = code[i];
    for (let j = i + 1; j < code.length; j++) {
      if (code[j] === '\\') j++;
      else if (code[j] === quote) return j + 1;
    }
    throw new Error('squeezeTemplates: unterminated string');
  }

  return {
    name: 'pay-squeeze-templates',
    apply: 'build',
    transform(code, id) {
      if (!/src[\\/]element[\\/][^\\/]+\.ts$/.test(id)) return null;
      let out = '';
      let i = 0;
      const tag = /\b(css|html)`/g;
      for (let match = tag.exec(code); match; match = tag.exec(code)) {
        const [body, end] = template(code, match.index + match[0].length, squeezers[match[1]!]!);
        out += `${code.slice(i, match.index)}${match[1]}\`${body}\``;
        i = tag.lastIndex = end;
      }
      return out + code.slice(i);
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
export const scriptTagPlugins = (): Plugin[] => [squeezeTemplates(), luhnAsEsModule(), terserPass()];

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
