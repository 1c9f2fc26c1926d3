/**
 * The script-tag build (`dist/pay-card-form.js` and its classic twin): defines
 * `<pay-card-form>` and exposes only what a page without a bundler uses next
 * to it. The card helpers stay in the npm entries, so the file stays small.
 */
export { PayCardForm } from './index.js';
import type { tokenize as tokenizeCard } from './tokenize/tokenize.js';

/**
 * `tokenize`, for a form of your own. Its module loads on the first call, so
 * a page that only uses the element (whose isolated form tokenizes inside its
 * frame) never downloads it.
 */
export const tokenize: typeof tokenizeCard = (card, options) =>
  import('./tokenize/tokenize.js').then((module) => module.tokenize(card, options));

export { PayCardError, ValidationError, ConfigurationError, AuthenticationError, ApiError, NetworkError, TimeoutError } from './core.js';
