import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@crewdesk/domain';
import { AppError } from '../../lib/app-error.ts';

/** Loopback, private, link-local, shared, multicast and unspecified ranges (v4 and v6). */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // The unspecified and loopback addresses, and the old IPv4-compatible form (::a.b.c.d).
  ['::', 96],
  // The translated form of an IPv4 address (::ffff:0:a.b.c.d).
  ['::ffff:0:0:0', 96],
  // Forms that carry an IPv4 address inside, which a gateway may deliver to: NAT64 (well-known
  // and local), 6to4 and Teredo. A webhook has no reason to use them; each could reach inside.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/**
 * IPv4 written as IPv6 (::ffff:a.b.c.d). Apart from PRIVATE: a BlockList keeps IPv4 rules in this
 * very range, so listing it there would refuse every IPv4 address.
 */
const MAPPED = new BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True for an address a delivery must not reach (and for anything that is not an address). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) return MAPPED.check(address, 'ipv6') || PRIVATE.check(address, 'ipv6');
  return true;
}

export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Where a delivery may connect: `lookup` answers only the addresses that were checked, so the
 * connection cannot resolve the name again to somewhere else (DNS rebinding between the check and
 * the connection). Undefined when private addresses are allowed (the system's resolver is used).
 */
export interface CheckedDestination {
  lookup: LookupFunction | undefined;
}

/**
 * Refuses an address whose host is, or resolves to, a private one, unless the configuration
 * allows them. Checked when the endpoint is saved and again before every delivery, which then
 * connects to the very addresses checked here.
 */
export async function assertDeliverable(
  url: string,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<CheckedDestination> {
  if (allowPrivate) return { lookup: undefined };
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    const family = isIP(host);
    addresses = family ? [{ address: host, family }] : await resolve(host);
  } catch {
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.unknownHost);
  }
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.privateAddress);
  return { lookup: pinnedLookup(addresses) };
}

/** A resolver for net/tls that answers the checked addresses, whatever name it is asked. */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error('no checked address'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  };
}
