import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { parseAllowList, type AllowList } from './allow-list';

export type DnsLookup = (name: string) => Promise<string[]>;
export const DNS_LOOKUP = Symbol('DNS_LOOKUP');
const systemLookup: DnsLookup = async (name) =>
  (await dns.lookup(name, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The IP filter of SPEC §2.1: allowed addresses, CIDR ranges and dynamic DNS names from configuration
 * (names re-resolved every IP_FILTER_REFRESH_SECONDS). Off when IP_FILTER_ALLOW is empty.
 */
@Injectable()
export class IpFilterService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(IpFilterService.name);
  private readonly rules: AllowList;
  /** The last addresses each DNS name resolved to (kept when a later lookup fails). */
  private readonly resolved = new Map<string, string[]>();
  private list: BlockList;
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
