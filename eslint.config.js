// @ts-check
/**
 * Lint rules for the whole repository: typescript-eslint's recommended set on
 * every TypeScript file, plus the Lit and custom-element rule sets on the
 * browser code. Formatting is Prettier's job (its settings are in
 * package.json), so no stylistic rule lives here.
 */
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

export default defineConfig(
  { ignores: ['dist/**', 'coverage/**', 'bench/node_modules/**', 'demo/frameworks/**/dist/**', 'custom-elements.json'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused arguments named `_` on purpose (e.g. a handler's context) are fine.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Private state reads as a plain name (`#shown`, `busy`), never `_shown`.
      '@typescript-eslint/naming-convention': ['error', { selector: 'memberLike', format: null, leadingUnderscore: 'forbid' }],
      // `declare module 'react' { namespace JSX … }` is how React's JSX types are extended.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
  {
    // Chai's property assertions (`expect(x).to.exist`) read as bare expressions.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['src/{element,form,frame,pix-qr}/**/*.ts', 'src/index.ts', 'src/pix.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['src/{element,form,frame,pix-qr}/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
);
