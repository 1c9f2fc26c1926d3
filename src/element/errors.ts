/** The error classes the element and its tests use, imported from their one home in one place. */
export {
  ApiError,
  AuthenticationError,
  ConfigurationError,
  NetworkError,
  PayCardError,
  TimeoutError,
  ValidationError,
} from '../tokenize/errors.js';
