import { defineConfig, type Plugin } from 'vite';

/**
 * The script-tag files, Lit inside, each from its own run (a classic script
 * has one entry per build; `npm run build` does them all):
 *
 * - `vite build` → `dist/pay-card-form.js`, the ES module, with the chunks it
 *   loads (the inline form, the brand marks, `tokenize`) in `dist/chunks/`, so
 *   a site copies exactly two things: that file and that folder;
 * - `vite build --mode classic` → `dist/pay-card-form.iife.js`, the classic
 *   script: one file, isolated mode only (src/script-tag-classic.ts);
 * - `vite build --mode pix` → `dist/pay-pix-qr.js`, which loads its status poll on demand (only with
 *   `status-url`) from `dist/pix-chunks/`, apart from the card's chunks; and `dist/pay-pix-qr.iife.js`, one file;
 * - `vite build --mode checkout` → `dist/pay-checkout.js`, `<pay-checkout>`, which loads the card
 *   form and the Pix code from `dist/checkout-chunks/`, each when its method is chosen, and the code
 *   that pays once a payment starts;
 * - `vite build --mode frame` → `dist/card-frame/`: the isolated form's page,
 *   its script inline, and the chunks it loads on demand beside it, for the
 *   tokenization service to host at `{base}/frame/v1/` (inlineFrameScript);
 * - `vite build --mode console` → `dist/console-page/` (apart from tsc's `dist/console/`): the sandbox's console page,
 *   which the sandbox serves at `/` and its script under `/console/assets/`.
 *
 * The npm entry points beside them are tsc's output, unbundled, so an app's
 * bundler can share Lit with the rest of the app. The demo server has its
 * own config: demo/vite.config.ts.
 */
const SCRIPT_TAGS: Record<string, { entry: string; name: string; file: string; formats: ('es' | 'iife')[]; chunks?: string }> = {
  card: { entry: 'src/script-tag.ts', name: 'PayCardForm', file: 'pay-card-form', formats: ['es'] },
  classic: { entry: 'src/script-tag-classic.ts', name: 'PayCardForm', file: 'pay-card-form', formats: ['iife'] },
  pix: { entry: 'src/pix-script-tag.ts', name: 'PayPixQr', file: 'pay-pix-qr', formats: ['es', 'iife'], chunks: 'pix-chunks' },
  // ES only: each method's element is a chunk loaded when it is chosen, which a classic script cannot do.
  checkout: { entry: 'src/checkout-script-tag.ts', name: 'PayCheckout', file: 'pay-checkout', formats: ['es'], chunks: 'checkout-chunks' },
};

/**
 * Puts the frame's script into its page, so the form can show one round trip
 * after the page arrives rather than two: on a phone's connection that round
 * trip is most of what isolated mode costs over inline. The chunks the script
 * loads on demand stay files beside the page; the build fails if one of them
 * imports from the script, which has no address once inline (a chunk doing so
 * would load and run the whole script again). The service allows the inline
 * script by its hash (docs/sandbox.md#the-card-frame).
 */
function inlineFrameScript(): Plugin {
  return {
    name: 'pay-inline-frame-script',
    apply: 'build',
    enforce: 'post',
    // Last: Vite fills in its dynamic imports' preload lists in this same hook.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const page = bundle['card.html'];
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
        if (page?.type !== 'asset' || entry?.type !== 'chunk') return this.error('The frame build made no card.html with an entry script.');
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && file !== entry && [...file.imports, ...file.dynamicImports].includes(entry.fileName)) {
            this.error(
              `${file.fileName} imports from the frame's script, which is inline in card.html and has no address: hand it what it uses instead.`,
            );
          }
        }
        if (/<\/script|<!--/i.test(entry.code))
          this.error('The frame\'s script contains "</script" or "<!--", which would end or break it inline in card.html.');
        const tag = new RegExp(`<script type="module" crossorigin src="\\./${entry.fileName.replace(/\./g, '\\.')}"></script>`);
        const html = String(page.source);
        if (!tag.test(html)) this.error(`card.html does not load ${entry.fileName} as expected: ${html}`);
        // A function as the replacement, so no "$" in the code is read as a pattern.
        page.source = html.replace(tag, () => `<script type="module">${entry.code}</script>`);
        delete bundle[entry.fileName];
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'frame') {
    return {
      root: 'src/frame',
      // Relative addresses, so the page works wherever the service puts it.
      base: './',
      plugins: [inlineFrameScript()],
      build: {
        outDir: '../../dist/card-frame',
        emptyOutDir: true,
        // Beside the page: the inline script's imports are relative to the page's address.
        assetsDir: '',
        target: 'es2022',
        // No inline polyfill beside the script, whose hash is the only inline code the frame's CSP allows. The
        // brand marks load on demand, after the form: the page does not preload them.
        modulePreload: false,
        rolldownOptions: { input: 'src/frame/card.html' },
      },
    };
  }
  if (mode === 'console') {
    return {
      root: 'src/console',
      base: '/console/',
      build: {
        outDir: '../../dist/console-page',
        emptyOutDir: true,
        target: 'es2022',
        // The console's CSP allows scripts from its own origin only: no inline polyfill.
        modulePreload: false,
        rolldownOptions: { input: 'src/console/index.html' },
      },
    };
  }
  const { entry, name, file, formats, chunks = 'chunks' } = SCRIPT_TAGS[mode] ?? SCRIPT_TAGS.card!;
  return {
    build: {
      // tsc has already written the npm entry points into dist/; keep them.
      emptyOutDir: false,
      // The sources' own floor: every browser with custom elements and private fields.
      target: 'es2022',
      copyPublicDir: false,
      lib: {
        entry,
        name,
        formats,
        fileName: (format) => (format === 'es' ? `${file}.js` : `${file}.${format}.js`),
      },
      // Library mode leaves whitespace in ES output; minify both formats fully. The chunks get their
      // own folder: at the top of dist/ they would be lost among tsc's entry points, which a page never loads.
      rolldownOptions: {
        // What the file shares with the chunks it loads on demand stays in the file, which exports it to
        // them, instead of going to shared chunks the page would fetch after the file, one request later.
        // Those extra exports have short names and are not API (the .d.ts files declare the API).
        preserveEntrySignatures: 'allow-extension',
        output: { minify: true, chunkFileNames: `${chunks}/[name]-[hash].js` },
      },
    },
  };
});
