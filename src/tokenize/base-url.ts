/**
 * The one rule for where card data and credentials may be sent, shared by
 * `tokenize` and the server helper: an absolute https address, or plain http
 * only to this machine (a local sandbox). An empty or relative base address
 * would post the card to the merchant's own page origin, which §1.1 exists to
 * prevent, so it is refused rather than resolved.
 */

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The normalised base address (no trailing slash), or what is wrong with it. */
export function checkServiceBaseUrl(value: unknown): { url: string } | { problem: string } {
  if (typeof value !== 'string' || value.trim() === '') return { problem: 'baseUrl is missing, e.g. "https://api.example.com"' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'baseUrl must be an absolute URL, e.g. "https://api.example.com"' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    return { problem: 'baseUrl must use https: (plain http: only for a sandbox on this machine)' };
  }
  if (url.username || url.password) return { problem: 'baseUrl must not contain credentials' };
  if (url.search || url.hash) return { problem: 'baseUrl must not have a query string or fragment' };
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}
