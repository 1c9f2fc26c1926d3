/**
 * What both script-tag files expose beside the element, for a page without a
 * bundler: `tokenize` and the error classes. The card helpers stay in the
 * npm entries, so the files stay small.
 */
import type { tokenize as tokenizeCard } from './tokenize/tokenize.js';

/**
 * `tokenize`, for a form of your own. Its module loads on the first call, so
 * a page that only uses the element (whose isolated form tokenizes inside its
 * frame) never downloads it. (The classic script, one file, holds it.)
 */
export const tokenize: typeof tokenizeCard = (card, options) =>
  import('./tokenize/tokenize.js').then((module) => module.tokenize(card, options));

export {
  PayCardError,
  ValidationError,
  ConfigurationError,
  AuthenticationError,
  ApiError,
  NetworkError,
  TimeoutError,
  FrameError,
} from './core.js';
