/**
 * Where a sandbox listening beyond loopback can be reached from another
 * device on the same network (a phone on the same Wi-Fi): the addresses the
 * CLI prints as `base-url`, and those whose pages may frame the card form.
 */
import type { NetworkInterfaceInfo } from 'node:os';
import { addressSpace } from '../shared/address-space.js';

/** `HOST` values that listen on every interface: IPv4 only (`0.0.0.0`), or both (`::`). */
export const EVERY_INTERFACE = ['0.0.0.0', '::'] as const;

/** An address as a URL writes its host: IPv6 in brackets, in its shortest lower-case form; '' when it is no host. */
function urlHost(address: string): string {
  try {
    return new URL(`http://${address.includes(':') ? `[${address}]` : address}`).hostname;
  } catch {
    return '';
  }
}

/** A local network address another device can use: link-local ones (`169.254.…`, `fe80::…`) need an interface name no browser takes. */
const usable = (host: string) => addressSpace(host) === 'local' && !/^(169\.254\.|\[fe[89ab])/.test(host);

/**
 * The local network hosts (as URL hosts) a sandbox listening on `host`
 * answers at: for `0.0.0.0`, this machine's private IPv4 addresses; for `::`,
 * its unique-local IPv6 ones too; for a local network address, that address;
 * for loopback, none.
 *
 * @param interfaces what `os.networkInterfaces()` returns.
 */
export function networkHosts(host: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string[] {
  if (!(EVERY_INTERFACE as readonly string[]).includes(host)) return usable(urlHost(host)) ? [urlHost(host)] : [];
  const hosts = Object.values(interfaces)
    .flat()
    .filter((info) => info && !info.internal && (host === '::' || info.family === 'IPv4'))
    .map((info) => urlHost(info!.address))
    .filter(usable);
  return [...new Set(hosts)];
}

/**
 * The local network hosts whose pages may frame the card form of a sandbox
 * listening on `host`: the IPv4 ones of {@link networkHosts}. A CSP source
 * cannot name an IPv6 address (browsers ignore `http://[fd…]:*`), so a page
 * served on one cannot frame the form, whatever the sandbox lists. A page's
 * origin need not be the frame's: listening on one IPv6 address, the
 * sandbox still lets pages on this machine's IPv4 addresses frame it.
 *
 * @param interfaces what `os.networkInterfaces()` returns.
 */
export function framingHosts(host: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string[] {
  const hosts = networkHosts(host, interfaces);
  const ipv4 = hosts.filter((lan) => !lan.startsWith('['));
  return hosts.length > 0 && ipv4.length === 0 ? networkHosts('0.0.0.0', interfaces) : ipv4;
}
