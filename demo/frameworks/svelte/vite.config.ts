import { defineConfig } from 'vite';
import { svelte, vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  root: import.meta.dirname,
  // vitePreprocess lets the component's <script lang="ts"> carry types.
  plugins: [svelte({ preprocess: vitePreprocess(), configFile: false })],
});
