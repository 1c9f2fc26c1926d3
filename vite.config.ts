import { defineConfig } from 'vite';

/**
 * The demo is served from `demo/` and imports the sources directly, so a
 * change in `src/` shows up on reload. `npm start` (demo/serve.ts) runs this
 * config with the sandbox's address injected.
 */
export default defineConfig({
  root: 'demo',
  server: { host: '127.0.0.1' },
  optimizeDeps: {
    // The CommonJS Luhn module needs pre-bundling to reach the browser as ESM.
    include: ['card-validator/dist/luhn-10.js'],
  },
});
