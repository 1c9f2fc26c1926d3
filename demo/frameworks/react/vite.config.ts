import { defineConfig } from 'vite';

/**
 * No React plugin needed for a build: Vite's own transformer compiles JSX
 * with React's automatic runtime. (Add @vitejs/plugin-react for Fast Refresh
 * while developing.)
 */
export default defineConfig({
  root: import.meta.dirname,
  oxc: { jsx: { runtime: 'automatic' } },
});
