/**
 * The settings `tokenize` needs before it sends anything: a well-formed
 * public key and a base address cards may go to. One check, used by
 * `tokenize` on every call and by the element when it connects, so a
 * misconfigured page is found before a shopper types a card.
 */
import { checkBaseUrl } from '../shared/base-url.js';
import { AuthenticationError } from './errors.js';
import { PUBLIC_KEY_PATTERN, SECRET_KEY_INSIDE } from '../shared/keys.js';

/**
 * The normalised base address, when the key and the address are usable.
 *
 * @param caller names the call in the message, e.g. `"tokenize()"`.
 * @throws {AuthenticationError} the public key is missing or malformed, or is a secret key (the message says so, and to rotate it).
 * @throws {ConfigurationError} `baseUrl` is missing, relative, or plain http to another machine (a test key may also use plain http to a local network address).
 */
export function checkTokenizeConfig(publicKey: unknown, baseUrl: unknown, caller: string): string {
  if (typeof publicKey !== 'string' || !PUBLIC_KEY_PATTERN.test(publicKey)) {
    // Refused before anything is sent; a secret key in a page has already leaked, so saying only "malformed" would leave it live.
    throw new AuthenticationError(
      `${caller}: ${SECRET_KEY_INSIDE.test(String(publicKey)) ? 'this is your secret key: remove it from the page and rotate it, then use the public key' : 'the public key is missing or malformed'}: it looks like "pk_test_…" or "pk_live_…".`,
    );
  }
  // The key decides how far plain http may go: a test key may reach a sandbox on the local network.
  return checkBaseUrl(baseUrl, caller, publicKey);
}
