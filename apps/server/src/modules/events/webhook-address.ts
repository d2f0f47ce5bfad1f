import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    return mapped ? PRIVATE.check(mapped, 'ipv4') : PRIVATE.check(address, 'ipv6');
  }
  return true;
}

/**
 * Refuses an address whose host is, or resolves to, a private one, unless the configuration
 * allows them. Checked when the endpoint is saved and again before every delivery, so a name
 * that later resolves inside the network (DNS rebinding) is refused then too.
 */
export async function assertDeliverable(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.unknownHost);
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress))
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.privateAddress);
}
