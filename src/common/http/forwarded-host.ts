import { BlockList, isIP } from 'node:net';
import { parseAllowList } from '../security/allow-list';

/**
 * The proxies whose `X-Forwarded-Host` is believed (TRUST_FORWARDED_HOST): addresses and CIDR ranges
 * only — a DNS name could be made to point anywhere. Throws naming a bad entry. Empty: none.
 */
export function parseTrustedHostProxies(value: string): BlockList | null {
  if (!value.trim()) return null;
  const rules = parseAllowList(value);
  if (rules.hostnames.length) throw new Error(`"${rules.hostnames[0]}" is not an address or a CIDR range`);
  const list = new BlockList();
  for (const address of rules.addresses) list.addAddress(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
  for (const subnet of rules.subnets) list.addSubnet(subnet.network, subnet.prefix, subnet.family);
  return list;
}

export interface HostRequest {
  headers: { host?: string; 'x-forwarded-host'?: string | string[] };
  socket: { remoteAddress?: string };
}

/**
 * The host the visitor asked for. The `Host` header, unless the connection comes straight from one
 * of the trusted proxies and carries `X-Forwarded-Host`: then the right-most entry of that header,
 * the one the proxy wrote. Never from a client's own `X-Forwarded-Host` (TRUST_PROXY alone does not
 * believe it: a visitor could get German pages cached under the French host).
 */
export function requestHost(req: HostRequest, trusted: BlockList | null): string | undefined {
  const host = req.headers.host;
  const forwarded = req.headers['x-forwarded-host'];
  if (!trusted || typeof forwarded !== 'string' || !forwarded.trim()) return host;
  const peer = req.socket.remoteAddress ?? '';
  const address = peer.startsWith('::ffff:') && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
  const family = isIP(address);
  if (!family || !trusted.check(address, family === 4 ? 'ipv4' : 'ipv6')) return host;
  return forwarded.split(',').pop()!.trim() || host;
}
