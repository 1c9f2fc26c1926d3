/**
 * The script-tag ES module (`dist/pay-card-form.js`): defines
 * `<pay-card-form>` with both modes, and exposes what a page without a
 * bundler uses next to it.
 */
export { PayCardForm } from './index.js';
export * from './script-tag-api.js';
