import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    vue({
      template: {
        // Tell Vue's compiler the tag is a custom element, not an unknown Vue component.
        compilerOptions: { isCustomElement: (tag) => tag.startsWith('pay-') },
      },
    }),
  ],
});
