/**
 * The one rule for where card data and credentials may be sent, shared by
 * `tokenize` and the server helper: an absolute https address, or plain http
 * only to this machine (a local sandbox). An empty or relative base address
 * would post the card to the merchant's own page origin, which §1.1 exists to
 * prevent, so it is refused rather than resolved.
 */
import { ConfigurationError } from './errors.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The normalised base address (no trailing slash; a path prefix is kept).
 *
 * @param caller names the call in the message, e.g. `"createClient()"`.
 * @throws {ConfigurationError} saying what is wrong, without echoing the value.
 */
export function checkBaseUrl(value: unknown, caller: string): string {
  let url: URL;
  try {
    url = new URL(String(value ?? ''));
  } catch {
    throw new ConfigurationError(`${caller}: baseUrl is missing or not an absolute URL, e.g. "https://api.example.com".`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw new ConfigurationError(`${caller}: baseUrl must use https: (plain http: only to this machine).`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigurationError(`${caller}: baseUrl must not carry credentials, a query or a fragment.`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}
