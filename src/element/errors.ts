/** The error classes the element uses, imported from their one home in one place. */
export { AuthenticationError, ConfigurationError, NetworkError, PayCardError, ValidationError } from '../tokenize/errors.js';
