import { BlockList, isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { AppCache } from '../../cache/app-cache.service';
import { APP_CONFIG, shopDomainOverrides, type AppConfig } from '../../config/app.config';
import { parseTrustedHostProxies, requestHost, type HostRequest } from '../../common/http/forwarded-host';
import {
  buildPath,
  FALLBACK_LOCALE,
  isLocale,
  ROUTES,
  type Locale,
  type RouteName,
} from '../../../contracts/route-table';
import { ShopRepository } from './shop.repository';
import type { CountryChoice, MenuLink, ShellData } from '../../../contracts/shell';
import type { SalesPlan, ShopSummary, SiteContext } from './shop.types';
import type { SiteSource } from '../../common/site/site-source';
import type { ShopScope } from '../../common/api';
import { DomainException } from '../../common/errors/domain.exception';
import { outsideRequest } from '../../common/timing/request-timing';

export const DEFAULT_SHOP_ID = 1;

interface ShopCatalogue {
  shops: ShopSummary[];
  salesPlans: Record<number, SalesPlan>;
}

/** The entities whose pages live under a slug of their own (/produit/{slug}…): the five slugs of a site. */
const ENTITY_SLUG_ROUTES = [
  ['product', 'product'],
  ['need', 'need'],
  ['advice', 'advice'],
  ['innovation', 'innovation'],
  ['brand', 'brand'],
] as const satisfies ReadonlyArray<readonly [string, RouteName]>;

interface ApiMenuItem {
  menu: string;
  key: string;
  label: string;
  slug: string;
  childs: ApiMenuItem[];
}

interface HostEntry {
  shopId: number;
  locale: Locale;
}

/**
 * Shops, hosts and languages (SPEC §1): which shop and locale a host serves, the default sales plan,
 * and the shell data (settings, country, menus) per shop and locale. Everything is cached; a request
 * resolves its host from an in-process index rebuilt when the cached catalogue changes.
 */
@Injectable()
export class ShopService implements SiteSource {
  private index?: HostIndex;
  /** Whether a background rebuild of the stale host index runs (see `hostIndex`). */
  private rebuilding = false;
  private readonly hostProxies: BlockList | null;
  /**
   * Request headers besides Host that choose the site (and so the answer): a cache in front must key
   * on them (`Vary`). X-Forwarded-Proto sets the scheme of absolute links once a proxy is trusted.
   */
  readonly siteHeaders: readonly string[];

  constructor(
    private readonly repository: ShopRepository,
    private readonly cache: AppCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.hostProxies = parseTrustedHostProxies(config.TRUST_FORWARDED_HOST);
    this.siteHeaders = [
      ...(this.hostProxies ? ['X-Forwarded-Host'] : []),
      ...(config.TRUST_PROXY > 0 ? ['X-Forwarded-Proto'] : []),
    ];
  }

  /** The host the visitor asked for: `Host`, or a trusted proxy's X-Forwarded-Host (TRUST_FORWARDED_HOST). */
  hostOf(req: HostRequest): string | undefined {
    return requestHost(req, this.hostProxies);
  }

  async catalogue(): Promise<ShopCatalogue> {
    return this.cache.getOrSet('shop:catalogue', async () => {
      const { shops, languages, plans } = await this.repository.findShopTable();
      const domains = shopDomainOverrides(this.config);
      const salesPlans: Record<number, SalesPlan> = {};
      for (const plan of plans) {
        if (!salesPlans[plan.shop_id] || plan.target === 'default')
          salesPlans[plan.shop_id] = { id: plan.id, target: plan.target, currencySymbol: plan.currency_symbol };
      }
      return {
        salesPlans,
        shops: shops.map((shop) => {
          const domain = domains.get(shop.code) ?? shop.domain;
          return {
            id: shop.id,
            code: shop.code,
            name: shop.name,
            domain,
            defaultLocale: isLocale(shop.default_locale) ? shop.default_locale : FALLBACK_LOCALE,
            languages: languages
              .filter((l) => l.shop_id === shop.id && isLocale(l.locale))
              .map((l) => ({
                locale: l.locale as Locale,
                label: l.label,
                subdomain: l.subdomain,
                host: `${l.subdomain}.${domain}`,
              })),
          };
        }),
      };
    });
  }

  /**
   * GET /api/v1/shop (SPEC §7): the shops serving a host (`url`, without scheme; the request's shop
   * when absent), each with its id, url, languages and default sales plan.
   */
  async shopList(site: SiteContext, url: string | undefined) {
    const { shops, salesPlans } = await this.catalogue();
    const host = (url ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^www\./, '');
    const matching = url
      ? shops.filter((s) => s.languages.some((l) => l.host === host) || s.domain === host)
      : shops.filter((s) => s.id === site.shop.id);
    return {
      data: {
        list: matching.map((shop) => ({
          id: shop.id,
          code: shop.code,
          name: shop.name,
          url: shop.domain,
          languages: shop.languages.map((l) => ({ locale: l.locale, label: l.label, url: l.host })),
          salesplan: salesPlans[shop.id]
            ? {
                id: salesPlans[shop.id].id,
                target: salesPlans[shop.id].target,
                currency: salesPlans[shop.id].currencySymbol,
              }
            : null,
        })),
      },
    };
  }

  /** GET /api/v1/url (SPEC §7 "URL resolve"): the site address of the shop in each language. */
  async siteUrls(site: SiteContext) {
    return {
      data: {
        items: site.shop.languages.map((l) => ({
          locale: l.locale,
          url: `${site.scheme}://${l.host}${site.portSuffix}`,
          current: l.locale === site.locale,
        })),
      },
    };
  }

  /** See SiteSource.scoped: the site an API request names, checked (400 naming the field). */
  async scoped(site: SiteContext, query: ShopScope): Promise<SiteContext> {
    let result = site;
    if (query.shop_id !== undefined && query.shop_id !== site.shop.id) {
      const { shops, salesPlans } = await this.catalogue();
      const shop = shops.find((s) => s.id === query.shop_id);
      if (!shop) throw DomainException.invalidInput({ shop_id: `unknown shop ${query.shop_id}` });
      result = { ...site, shop, locale: shop.defaultLocale, salesPlan: salesPlans[shop.id] ?? site.salesPlan };
    }
    if (query.lang !== undefined) {
      if (!isLocale(query.lang) || !result.shop.languages.some((l) => l.locale === query.lang))
        throw DomainException.invalidInput({ lang: `language ${query.lang} is not served by shop ${result.shop.id}` });
      result = { ...result, locale: query.lang };
    }
    if (query.saleplan_id !== undefined && query.saleplan_id !== result.salesPlan.id) {
      const { salesPlans } = await this.catalogue();
      const plan = Object.entries(salesPlans).find(
        ([shopId, p]) => p.id === query.saleplan_id && Number(shopId) === result.shop.id,
      );
      if (!plan)
        throw DomainException.invalidInput({
          saleplan_id: `sales plan ${query.saleplan_id} does not belong to shop ${result.shop.id}`,
        });
    }
    return result;
  }

  /** Shop and locale from the host (SPEC §1): default shop 1 and locale fr when no shop claims it. */
  async resolve(
    hostHeader: string | undefined,
    scheme: 'http' | 'https',
    accept: string | undefined,
  ): Promise<SiteContext> {
    return siteOf(await this.hostIndex(), hostHeader, scheme, accept);
  }

  /**
   * `resolve` without waiting, for the page cache's fast lane: undefined when the host index is not
   * fresh (the request then takes the ordinary pipeline, whose `resolve` rebuilds it).
   */
  resolveNow(
    hostHeader: string | undefined,
    scheme: 'http' | 'https',
    accept: string | undefined,
  ): SiteContext | undefined {
    const index = this.index;
    if (!index || Date.now() - index.builtAt >= HOST_INDEX_TTL_MS) return undefined;
    return siteOf(index, hostHeader, scheme, accept);
  }

  /** The Vary headers of every answer that depends on the site (those the host and scheme come from). */
  varyOnSite(res: { vary(field: string): unknown }): void {
    for (const header of this.siteHeaders) res.vary(header);
  }

  async shell(shopId: number, locale: Locale, appTitle: string): Promise<ShellData> {
    return this.cache.getOrSet(`shop:shell:${shopId}:${locale}`, async () => {
      const { country, settings, items } = await this.repository.findShell(shopId, locale);
      const menus = (menu: string): MenuLink[] => {
        const rows = items.filter((i) => i.menu === menu);
        const link = (row: (typeof rows)[number]): MenuLink => ({
          key: row.key,
          label: row.label,
          href: row.route ? buildPath(row.route as RouteName, locale, row.route_params ?? {}) : (row.url ?? '/'),
          children: rows.filter((c) => c.parent_key === row.key).map(link),
        });
        return rows.filter((r) => !r.parent_key).map(link);
      };
      const settingsMap = Object.fromEntries(settings.map((s) => [s.code, s.value]));
      return {
        appTitle: settingsMap.app_title || appTitle,
        settings: settingsMap,
        country: {
          laboratoryAddress: country?.laboratory_address ?? '',
          phone: country?.phone ?? '',
          fax: country?.fax ?? '',
          headquartersAddress: country?.headquarters_address ?? '',
          siteUrl: country?.site_url ?? '',
          aboutUrl: country?.about_url ?? '',
          proUrl: country?.pro_url ?? '',
          adviceKnowMoreUrl: country?.advice_know_more_url ?? '',
        },
        mainMenu: menus('main'),
        footerMenu: menus('footer'),
        socialLinks: menus('social'),
      };
    });
  }

  /**
   * GET /menus (SPEC §7 "Menus"): the shell's menus of the site as `data.items`, each item with its
   * menu (main, footer, social), label, link and children ("childs": label and slug, SPEC §3 "Menu item").
   */
  async menus(site: SiteContext) {
    const shell = await this.shell(site.shop.id, site.locale, '');
    const item = (menu: string, link: MenuLink): ApiMenuItem => ({
      menu,
      key: link.key,
      label: link.label,
      slug: link.href,
      childs: link.children.map((child) => item(menu, child)),
    });
    return {
      data: {
        items: [
          ...shell.mainMenu.map((link) => item('main', link)),
          ...shell.footerMenu.map((link) => item('footer', link)),
          ...shell.socialLinks.map((link) => item('social', link)),
        ],
      },
    };
  }

  /** GET /settings (SPEC §7 "Settings"): the site's global settings (code → value) and country settings. */
  async settings(site: SiteContext) {
    const shell = await this.shell(site.shop.id, site.locale, '');
    return {
      data: {
        shop_id: site.shop.id,
        locale: site.locale,
        salesplan: { id: site.salesPlan.id, currency: site.salesPlan.currencySymbol },
        settings: shell.settings,
        country: shell.country,
      },
    };
  }

  /**
   * GET /slugs?site_id (SPEC §7 "Slugs resource"): the five slugs of a site, i.e. the first path
   * segment of its five entity pages with a slug of their own (product, need, advice, quality and
   * innovation, brand), in each language of the shop `site_id` (the request's shop when absent).
   * An unknown site: 404.
   */
  async slugs(site: SiteContext, siteId: number | undefined) {
    const { shops } = await this.catalogue();
    const shop = siteId === undefined ? site.shop : shops.find((s) => s.id === siteId);
    if (!shop) throw DomainException.notFound(`Unknown site ${siteId}`);
    const items = shop.languages.map((language) => ({
      locale: language.locale,
      slugs: Object.fromEntries(
        ENTITY_SLUG_ROUTES.map(([entity, route]) => [entity, ROUTES[route].paths[language.locale].split('/')[1]]),
      ),
    }));
    return { data: { site_id: shop.id, items } };
  }

  async isKnownHost(hostname: string): Promise<boolean> {
    return (await this.hostIndex()).hosts.has(hostname);
  }

  /** The other countries' sites, for the country switch (their home on their own host). */
  async countries(site: SiteContext): Promise<CountryChoice[]> {
    const { catalogue } = await this.hostIndex();
    return catalogue.shops.map((shop) => ({
      code: shop.code,
      name: shop.name,
      languages: shop.languages.map((l) => ({
        locale: l.locale,
        label: l.label,
        url: `${site.scheme}://${l.host}${site.portSuffix}/`,
      })),
    }));
  }

  /**
   * The host index: built once (the first request waits for it), then, once it is HOST_INDEX_TTL_MS
   * old, answered as it is while one rebuild runs in the background, outside any request (no request
   * waits for it nor counts its query; a change to the shops shows a moment after 5 s).
   */
  private async hostIndex(): Promise<HostIndex> {
    const index = this.index;
    if (index && Date.now() - index.builtAt < HOST_INDEX_TTL_MS) return index;
    if (!index) return this.buildHostIndex();
    if (!this.rebuilding) {
      this.rebuilding = true;
      // A failure keeps the index as it was (buildHostIndex); the next request past the age tries again.
      void outsideRequest(() => this.buildHostIndex())
        .catch(() => undefined)
        .finally(() => (this.rebuilding = false));
    }
    return index;
  }

  private async buildHostIndex(): Promise<HostIndex> {
    const now = Date.now();
    let catalogue: ShopCatalogue;
    try {
      catalogue = await this.catalogue();
    } catch (error) {
      // Database out of reach: the hosts we knew a moment ago still serve (cached pages go on).
      if (this.index) return this.index;
      throw error;
    }
    if (this.index?.catalogue !== catalogue) {
      const hosts = new Map<string, HostEntry>();
      for (const shop of catalogue.shops) {
        if (!hosts.has(shop.domain)) hosts.set(shop.domain, { shopId: shop.id, locale: shop.defaultLocale });
        for (const language of shop.languages) hosts.set(language.host, { shopId: shop.id, locale: language.locale });
      }
      this.index = { catalogue, hosts, builtAt: now };
    } else this.index.builtAt = now;
    return this.index;
  }
}

export function splitHost(hostHeader: string | undefined): { hostname: string; port: string } {
  const raw = (hostHeader ?? '').trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]*)(?::(\d{1,5}))?$/.exec(raw);
  if (!match) return { hostname: 'localhost', port: '' };
  return { hostname: match[1] || 'localhost', port: match[2] ?? '' };
}

interface HostIndex {
  catalogue: ShopCatalogue;
  hosts: Map<string, HostEntry>;
  builtAt: number;
}

/** How long the host index is used before the cached catalogue is read again. */
const HOST_INDEX_TTL_MS = 5000;

/** The site of a host, from the host index (see `ShopService.resolve`). */
function siteOf(
  { catalogue, hosts }: HostIndex,
  hostHeader: string | undefined,
  scheme: 'http' | 'https',
  accept: string | undefined,
): SiteContext {
  const { hostname, port } = splitHost(hostHeader);
  const known = hosts.get(hostname);
  const entry = known ?? { shopId: DEFAULT_SHOP_ID, locale: FALLBACK_LOCALE };
  const shop = catalogue.shops.find((s) => s.id === entry.shopId) ?? catalogue.shops[0];
  // Links are only ever built on a host we serve: a forged Host header cannot leak into canonical
  // URLs, switches or the page cache. Bare local names and addresses keep working for local runs.
  const linkHost =
    known || hostname === 'localhost' || isIP(hostname.replace(/^\[|\]$/g, ''))
      ? hostname
      : (shop.languages.find((l) => l.locale === entry.locale)?.host ?? shop.domain);
  const defaultPort = scheme === 'https' ? '443' : '80';
  const portSuffix = port && port !== defaultPort ? `:${port}` : '';
  return {
    shop,
    hostname,
    locale: entry.locale,
    salesPlan: catalogue.salesPlans[shop.id] ?? { id: 0, target: 'default', currencySymbol: 'CHF' },
    origin: `${scheme}://${linkHost}${portSuffix}`,
    portSuffix,
    scheme,
    webp: (accept ?? '').includes('image/webp'),
  };
}
