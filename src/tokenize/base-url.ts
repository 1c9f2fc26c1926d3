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
  let url: URL;
  try {
    url = new URL(String(value ?? ''));
  } catch {
    return { problem: 'baseUrl is missing or not an absolute URL, e.g. "https://api.example.com"' };
  }
  const problem =
    url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))
      ? 'baseUrl must use https: (plain http: only to this machine)'
      : url.username || url.password || url.search || url.hash
        ? 'baseUrl must not carry credentials, a query or a fragment'
        : '';
  return problem ? { problem } : { url: url.origin + url.pathname.replace(/\/+$/, '') };
}
