import { defineConfig } from 'vite';

/**
 * `npm start` (demo/serve.ts): the demo pages in this folder, importing the
 * sources directly, so a change in `src/` shows up on reload.
 */
export default defineConfig({
  root: import.meta.dirname,
  server: {
    host: '127.0.0.1',
    // The demo pages never need server or sandbox code in the browser, and
    // those modules hold test credentials: refuse to serve them at all.
    fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/src/server/**', '**/src/sandbox/**'] },
  },
  optimizeDeps: {
    // Only the checkout pages: demo/script-tag and demo/frameworks are separate
    // apps with their own builds, and crawling them would drag React, Vue and
    // Svelte into the checkout's dependency scan.
    entries: ['index.html', 'card.html', 'pix.html'],
  },
});
