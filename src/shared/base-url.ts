/**
 * The one rule for where card data and credentials may be sent, shared by
 * `tokenize` and the server helper: an absolute https address, plain http
 * to this machine (a local sandbox), or, with a test key, plain http to an
 * address on the local network (a sandbox on a laptop, tried from a phone on
 * the same Wi-Fi). A live key never goes over plain http to another machine.
 * An empty or relative base address would post the card to the merchant's
 * own page origin, which §1.1 exists to prevent, so it is refused rather
 * than resolved.
 */
import { addressSpace } from './address-space.js';
import { ConfigurationError } from './errors.js';

/** A test key: public (`pk_test_…`, §5.1) or secret (`sk_test_…`, §5.4). Only a test key may cross the local network in the clear. */
const TEST_KEY = /^[ps]k_test_/;

/**
 * The normalised base address (no trailing slash; a path prefix is kept).
 *
 * @param caller names the call in the message, e.g. `"createClient()"`.
 * @param key the key sent with it: a test key (`pk_test_…`) also admits
 *   plain http to a local network address (`192.168.…`, `10.…`, `[fd…]`, a
 *   `.local` name); without one, plain http goes to this machine only.
 * @throws {ConfigurationError} saying what is wrong, without echoing the value or the key.
 */
export function checkBaseUrl(value: unknown, caller: string, key?: unknown): string {
  let url: URL;
  try {
    url = new URL(String(value ?? ''));
  } catch {
    throw new ConfigurationError(`${caller}: baseUrl is missing or not an absolute URL, e.g. "https://api.example.com".`);
  }
  if (url.protocol !== 'https:') {
    const space = url.protocol === 'http:' ? addressSpace(url.hostname) : null;
    if (space !== 'loopback' && !(space === 'local' && TEST_KEY.test(String(key)))) {
      const live = space === 'local' && /^[ps]k_live_/.test(String(key)) ? ' with a live key' : '';
      throw new ConfigurationError(
        `${caller}: baseUrl must use https:${live} (plain http: only to this machine, or with a test key to a local network address).`,
      );
    }
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigurationError(`${caller}: baseUrl must not carry credentials, a query or a fragment.`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}
