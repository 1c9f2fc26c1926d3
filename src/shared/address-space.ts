/**
 * Which network an address belongs to, as browsers see it for Local Network
 * Access (https://wicg.github.io/local-network-access/): this device's
 * loopback, the local network (private, link-local and shared ranges, `.local`
 * names), or the public internet. Chromium blocks a page from loading a frame
 * or a resource from a more private space (outright when the page is not
 * served over https, unless the user allows it when it is); the frame's
 * diagnosis and the base-url rule both read the address the same way here.
 *
 * Pure: no DNS, no network. A name other than `localhost` or a `.local` name
 * has no space until it is resolved, so {@link addressSpace} says `null`.
 */

/** From the most private to the least: the order the browser compares. */
export type AddressSpace = 'loopback' | 'local' | 'public';

/** The spaces, from the most private. */
const ORDER: readonly AddressSpace[] = ['loopback', 'local', 'public'];

/**
 * Local network addresses, written as a URL writes them (no DNS, so a name
 * counts only with `.local`, mDNS's domain): 10/8, 172.16/12, 192.168/16
 * (private), 169.254/16 (link-local), 100.64/10 (shared: carrier NAT, VPNs);
 * IPv6 fc00::/7 (unique local, fc00 to fdff) and fe80::/10 (link-local, fe80
 * to febf), which a URL writes in lower case and without leading zeros.
 */
const LOCAL =
  /\.local$|^(10(\.\d+){3}|(192\.168|169\.254|172\.(1[6-9]|2\d|3[01])|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7]))(\.\d+){2}|\[(f[cd][\da-f]{2}|fe[89ab][\da-f]):.*)$/;

/**
 * The space of `hostname`, as `URL.hostname` gives it (an IPv4 address in
 * dotted decimal, an IPv6 one in brackets in its shortest lower-case form);
 * `null` for a name only DNS can place, such as `shop.example`. An IPv4
 * address written as IPv6 (`[::ffff:…]`) counts as public: a URL rarely
 * names one, and public is the strict side.
 *
 * @example addressSpace('192.168.1.20') // 'local'
 * @example addressSpace('[::1]') // 'loopback'
 * @example addressSpace('shop.example') // null
 */
export function addressSpace(hostname: string): AddressSpace | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  // Only the name itself: a `*.localhost` name is this machine in a browser, but not for every resolver (Node's, say).
  if (/^(localhost|127(\.\d+){3}|\[::1\])$/.test(host)) return 'loopback';
  if (LOCAL.test(host)) return 'local';
  // Any other address (a URL writes every numeric host as one) is on the internet.
  return /^[\d.]+$|^\[/.test(host) ? 'public' : null;
}

/** Whether `target` is in a more private space than `source`: the requests the browser restricts. */
export function morePrivate(target: AddressSpace, source: AddressSpace): boolean {
  return ORDER.indexOf(target) < ORDER.indexOf(source);
}
