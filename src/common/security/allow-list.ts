import { isIP } from 'node:net';

export interface AllowList {
  addresses: string[];
  subnets: Array<{ network: string; prefix: number; family: 'ipv4' | 'ipv6' }>;
  hostnames: string[];
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Splits IP_FILTER_ALLOW (comma-separated) into addresses, CIDR ranges and DNS names; throws naming
 * the first bad entry. Pure, so configuration validation can call it before anything starts.
 */
export function parseAllowList(value: string): AllowList {
  const rules: AllowList = { addresses: [], subnets: [], hostnames: [] };
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    if (cidr) {
      const family = isIP(cidr[1]);
      const prefix = Number(cidr[2]);
      if (!family || prefix > (family === 4 ? 32 : 128)) throw new Error(`bad range "${entry}"`);
      rules.subnets.push({ network: cidr[1], prefix, family: family === 4 ? 'ipv4' : 'ipv6' });
    } else if (isIP(entry)) rules.addresses.push(entry);
    // All digits and dots is a mistyped address, not a name to look up.
    else if (HOSTNAME.test(entry) && !/^[\d.]+$/.test(entry)) rules.hostnames.push(entry.toLowerCase());
    else throw new Error(`"${entry}" is neither an address, a CIDR range nor a host name`);
  }
  return rules;
}
