import type { CountryChoice, ShellData } from '../../../contracts/shell';
import type { Locale } from '../../../contracts/route-table';
import type { HostRequest } from '../http/forwarded-host';
import type { SiteContext } from './site.types';
import type { ShopScope } from '../api/shop-scope';

/**
 * What the shared layers (the renderer, the error filter) need to know about sites, without knowing
 * the feature that knows it: the shop module provides it (`{ provide: SiteSource, useExisting:
 * ShopService }`), so the dependency points from the feature down to this contract.
 */
export abstract class SiteSource {
  /** The host the visitor asked for (Host, or a trusted proxy's X-Forwarded-Host). */
  abstract hostOf(req: HostRequest): string | undefined;
  /** Shop and locale from the host; the default shop and locale when no shop claims it. */
  abstract resolve(
    hostHeader: string | undefined,
    scheme: 'http' | 'https',
    accept: string | undefined,
  ): Promise<SiteContext>;
  /**
   * The site an API request asks for: its host's, or the shop (`shop_id`), language (`lang`) and sales
   * plan (`saleplan_id`) it names, which must exist and belong together (else a 400 naming the field).
   */
  abstract scoped(site: SiteContext, scope: ShopScope): Promise<SiteContext>;
  /** Settings, country and menus of a shop in a locale: the layout shell. */
  abstract shell(shopId: number, locale: Locale, appTitle: string): Promise<ShellData>;
  /** The countries of the country switch, as seen from this site. */
  abstract countries(site: SiteContext): Promise<CountryChoice[]>;
}
