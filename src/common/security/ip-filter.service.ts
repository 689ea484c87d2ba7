import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

interface ParsedRules {
  addresses: string[];
  subnets: Array<{ network: string; prefix: number; family: 'ipv4' | 'ipv6' }>;
  hostnames: string[];
}

/** Splits IP_FILTER_ALLOW into addresses, CIDR ranges and DNS names; throws naming a bad entry. */
export function parseAllowList(value: string): ParsedRules {
  const rules: ParsedRules = { addresses: [], subnets: [], hostnames: [] };
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    if (cidr) {
      const family = isIP(cidr[1]);
      const prefix = Number(cidr[2]);
      if (!family || prefix > (family === 4 ? 32 : 128)) throw new Error(`IP_FILTER_ALLOW: bad range "${entry}"`);
      rules.subnets.push({ network: cidr[1], prefix, family: family === 4 ? 'ipv4' : 'ipv6' });
    } else if (isIP(entry)) rules.addresses.push(entry);
    else if (/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(entry))
      rules.hostnames.push(entry.toLowerCase());
    else throw new Error(`IP_FILTER_ALLOW: "${entry}" is neither an address, a CIDR range nor a host name`);
  }
  return rules;
}

export type DnsLookup = (name: string) => Promise<string[]>;
export const DNS_LOOKUP = Symbol('DNS_LOOKUP');
const systemLookup: DnsLookup = async (name) => (await dns.lookup(name, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The IP filter of SPEC §2.1: allowed addresses, CIDR ranges and dynamic DNS names from configuration
 * (names re-resolved every IP_FILTER_REFRESH_SECONDS). Off when IP_FILTER_ALLOW is empty.
 */
@Injectable()
export class IpFilterService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(IpFilterService.name);
  private readonly rules: ParsedRules;
  private list = new BlockList();
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(DNS_LOOKUP) private readonly lookup: DnsLookup = systemLookup,
  ) {
    this.rules = parseAllowList(config.IP_FILTER_ALLOW);
    this.list = this.build([]);
  }

  get enabled(): boolean {
    return this.config.IP_FILTER_ALLOW.trim() !== '';
  }

  async onModuleInit(): Promise<void> {
    if (!this.rules.hostnames.length) return;
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.config.IP_FILTER_REFRESH_SECONDS * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  isAllowed(ip: string | undefined): boolean {
    if (!this.enabled) return true;
    if (!ip) return false;
    const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(address);
    if (!family) return false;
    return this.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }

  /** Re-resolves the DNS names; a failed lookup keeps the addresses that name had. */
  async refresh(): Promise<void> {
    for (const name of this.rules.hostnames) {
      try {
        this.resolved.set(name, await this.lookup(name));
      } catch (error) {
        this.logger.warn(`IP filter: cannot resolve ${name}: ${(error as Error).message}`);
      }
    }
    this.list = this.build([...this.resolved.values()].flat());
  }

  private readonly resolved = new Map<string, string[]>();

  private build(extra: string[]): BlockList {
    const list = new BlockList();
    for (const address of [...this.rules.addresses, ...extra]) {
      const family = isIP(address);
      if (family) list.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    }
    for (const subnet of this.rules.subnets) list.addSubnet(subnet.network, subnet.prefix, subnet.family);
    return list;
  }
}
