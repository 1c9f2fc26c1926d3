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

const RANK: Record<AddressSpace, number> = { loopback: 0, local: 1, public: 2 };

/** An IPv4 address's space, from its first two octets. */
function ipv4Space(a: number, b: number): AddressSpace {
  if (a === 127) return 'loopback';
  // 10/8, 172.16/12 and 192.168/16 (private), 169.254/16 (link-local), 100.64/10 (shared, carrier NAT and VPNs).
  const local =
    a === 10 || (a === 172 && b >> 4 === 1) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >> 6 === 1);
  return local ? 'local' : 'public';
}

/**
 * The space of `hostname`, as `URL.hostname` gives it (an IPv4 address in
 * dotted decimal, an IPv6 one in brackets in its shortest lower-case form);
 * `null` for a name only DNS can place, such as `shop.example`.
 *
 * @example addressSpace('192.168.1.20') // 'local'
 * @example addressSpace('[::1]') // 'loopback'
 * @example addressSpace('shop.example') // null
 */
export function addressSpace(hostname: string): AddressSpace | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  // Only the name itself: a `*.localhost` name is this machine in a browser, but not for every resolver (Node's, say).
  if (host === 'localhost' || host === '[::1]') return 'loopback';
  if (host.endsWith('.local')) return 'local';
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (v4) return ipv4Space(+v4[1]!, +v4[2]!);
  // A URL writes IPv6 in its shortest form, in lower case, so its prefix reads from the text.
  // ::ffff:a.b.c.d, an IPv4 address written as IPv6 (a URL writes it ::ffff:ab:cd in hexadecimal): that address's space.
  const mapped = /^\[::ffff:([\da-f]{1,4}):[\da-f]{1,4}\]$/.exec(host);
  const high = parseInt(mapped?.[1] ?? '', 16);
  if (mapped) return ipv4Space(high >> 8, high & 255);
  // fc00::/7 (unique local: fc00 to fdff) and fe80::/10 (link-local: fe80 to febf); any other IPv6 address is public.
  if (host.startsWith('[')) return /^\[(f[cd][\da-f]{2}|fe[89ab][\da-f]):/.test(host) ? 'local' : 'public';
  return null;
}

/** Whether `target` is in a more private space than `source`: the requests the browser restricts. */
export function morePrivate(target: AddressSpace, source: AddressSpace): boolean {
  return RANK[target] < RANK[source];
}
