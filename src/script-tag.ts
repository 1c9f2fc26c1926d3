/**
 * The script-tag build (`dist/pay-card-form.js` and its classic twin): defines
 * `<pay-card-form>` and exposes only what a page without a bundler uses next
 * to it. The card helpers stay in the npm entries, so the file stays small.
 */
export { PayCardForm } from './index.js';
export {
  tokenize,
  PayCardError,
  ValidationError,
  ConfigurationError,
  AuthenticationError,
  ApiError,
  NetworkError,
  TimeoutError,
} from './core.js';
