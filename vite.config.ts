import { defineConfig } from 'vite';

/**
 * `vite build` (the tail of `npm run build`) writes the script-tag files:
 * `dist/pay-card-form.js`, one self-contained ES module with Lit inside, and
 * `dist/pay-card-form.iife.js`, the same as a classic script for pages that
 * cannot load modules. The npm entry points beside them are tsc's output,
 * unbundled, so an app's bundler can share Lit with the rest of the app.
 * The demo server has its own config: demo/vite.config.ts.
 */
export default defineConfig({
  build: {
    // tsc has already written the npm entry points into dist/; keep them.
    emptyOutDir: false,
    // The sources' own floor: every browser with custom elements and private fields.
    target: 'es2022',
    copyPublicDir: false,
    lib: {
      entry: 'src/script-tag.ts',
      name: 'PayCardForm',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'pay-card-form.js' : `pay-card-form.${format}.js`),
    },
    // Library mode leaves whitespace in ES output; minify both formats fully.
    rolldownOptions: { output: { minify: true } },
  },
});
