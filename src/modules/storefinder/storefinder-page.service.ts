import { Inject, Injectable } from '@nestjs/common';
import { pharmacyJsonLd } from '../../common/seo/json-ld';
import { labelsOf, type Translate } from '../../../contracts/i18n';
import { buildPath, type Locale } from '../../../contracts/route-table';
import { MAP_TILE_PATH, toStoreView, type MapSettings, type PanLabels } from '../../../contracts/storefinder';
import type { AdvicePageProps, StoreFinderPageProps } from '../../../views/pages/StoreFinderPage';
import type { StorePageProps } from '../../../views/pages/StorePage';
import type { FinderStatus, StoreFinderProps } from '../../../views/islands/StoreFinder';
import { hasControlCharacters } from '../../common/api';
import { DomainException } from '../../common/errors/domain.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { PageView } from '../../render/page-view';
import { RenderService } from '../../render/render.service';
import { editorialPicture } from '../media';
import { ShopService, type SiteContext } from '../shop';
import { StoreSearchService } from './store-search.service';

/** The finder pages' query: `q` (place), `product` (slug), `only` (only its stockists). */
export type FinderQuery = Record<string, unknown>;

/** A query parameter as one text: a repeated or nested parameter counts as absent. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const SLUG = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/**
 * A finder that answers a search (a place, a product) is a search results page: `noindex, follow`, its
 * canonical the plain finder (docs/architecture.md "Search engines").
 */
const isSearch = (finder: StoreFinderProps): boolean => finder.status !== 'prompt' || finder.product !== null;

/**
 * The store finder's pages (SPEC §2.2): the finder, who-can-advise (the same finder, reused) and a
 * page per pharmacy. Without JavaScript the finder is a GET form; the server lists the pharmacies
 * nearest to the place it names, or says that Switzerland has no such place.
 */
@Injectable()
export class StoreFinderPageService {
  constructor(
    private readonly search: StoreSearchService,
    private readonly render: RenderService,
    private readonly shops: ShopService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async finderPage(site: SiteContext, query: FinderQuery): Promise<PageView<StoreFinderPageProps>> {
    const t = this.render.translator(site.locale);
    const finder = await this.finder(site, query, buildPath('storeFinder', site.locale));
    return {
      head: {
        title: finder.product ? `${t('storefinder.title')} - ${finder.product.name}` : t('storefinder.title'),
        description: t('storefinder.meta_description'),
        canonicalPath: buildPath('storeFinder', site.locale),
        ...(isSearch(finder) ? { noindexFollow: true } : {}),
      },
      breadcrumb: [{ label: t('storefinder.breadcrumb') }],
      props: { title: t('storefinder.title'), intro: t('storefinder.intro'), finder },
    };
  }

  async advicePage(site: SiteContext, query: FinderQuery): Promise<PageView<AdvicePageProps>> {
    const t = this.render.translator(site.locale);
    const [finder, shell] = await Promise.all([
      this.finder(site, query, buildPath('whoCanGiveYouAdvice', site.locale)),
      this.shops.shell(site.shop.id, site.locale, t('shell.app_title')),
    ]);
    const { country } = shell;
    return {
      head: {
        title: t('storefinder.advice.title'),
        description: t('storefinder.advice.meta_description'),
        canonicalPath: buildPath('whoCanGiveYouAdvice', site.locale),
        ...(isSearch(finder) ? { noindexFollow: true } : {}),
      },
      breadcrumb: [{ label: t('storefinder.advice.breadcrumb') }],
      props: {
        title: t('storefinder.advice.title'),
        intro: t('storefinder.advice.intro'),
        image: editorialPicture({ motif: 'pharmacy', palette: 'green' }, 'cover', ''),
        specialistTitle: t('storefinder.advice.specialist_title'),
        finder,
        postal: country.laboratoryAddress
          ? {
              title: t('storefinder.advice.postal_title'),
              text: t('storefinder.advice.postal_text'),
              address: country.laboratoryAddress,
              phone: country.phone ? t('storefinder.advice.phone', { phone: country.phone }) : null,
            }
          : null,
        knowMore: country.adviceKnowMoreUrl
          ? { label: t('storefinder.advice.know_more'), href: country.adviceKnowMoreUrl }
          : null,
      },
    };
  }

  async storePage(site: SiteContext, slug: string): Promise<PageView<StorePageProps>> {
    const record = await this.search.bySlug(slug, site.locale);
    if (!record) throw DomainException.notFound();
    const t = this.render.translator(site.locale);
    const store = toStoreView(record, site.locale);
    const address = store.lines.join(', ');
    return {
      head: {
        title: `${store.name}, ${record.city}`,
        description: t('storefinder.store.meta_description', { name: store.name, address }),
        jsonLd: [
          pharmacyJsonLd({
            name: store.name,
            url: `${site.origin}${store.href}`,
            telephone: store.phone || undefined,
            streetAddress: [record.address_1, record.address_2, record.address_3].filter(Boolean).join(', '),
            postalCode: record.zipcode,
            locality: record.city,
            country: 'CH',
            latitude: store.latitude,
            longitude: store.longitude,
          }),
        ],
      },
      breadcrumb: [
        { label: t('storefinder.breadcrumb'), href: buildPath('storeFinder', site.locale) },
        { label: store.name },
      ],
      props: {
        store,
        finderHref: `${buildPath('storeFinder', site.locale)}?q=${encodeURIComponent(`${record.zipcode} ${record.city}`)}`,
        labels: labelsOf(t, 'storefinder.finder'),
        page: labelsOf(t, 'storefinder.store'),
        map: {
          name: store.name,
          latitude: store.latitude,
          longitude: store.longitude,
          map: this.mapSettings(),
          labels: {
            title: t('storefinder.store.map_title'),
            region: t('storefinder.store.map_label', { name: store.name }),
            ...this.panLabels(t),
          },
        },
      },
    };
  }

  /** The finder island's props for a GET of the page: the place `q` names and its nearest pharmacies. */
  private async finder(site: SiteContext, query: FinderQuery, action: string): Promise<StoreFinderProps> {
    const t = this.render.translator(site.locale);
    const q = text(query.q).replace(/\s+/g, ' ').trim();
    const slug = text(query.product);
    const only = text(query.only) === '1' || text(query.only) === 'true';
    const product = SLUG.test(slug) && slug.length <= 200 ? await this.search.product(slug, site.locale) : null;
    const base = {
      locale: site.locale,
      action,
      query: q,
      radius: this.config.STORE_LOCATOR_RADIUS,
      product: product ? { slug: product.slug, name: product.name } : null,
      only: !!product && only,
      map: this.mapSettings(),
      labels: labelsOf(t, 'storefinder.finder'),
    };
    if (!q) return { ...base, place: null, stores: [], status: 'prompt' };
    if (q.length > 100 || hasControlCharacters(q))
      return { ...base, query: '', place: null, stores: [], status: 'invalid' };
    const place = await this.search.resolve(q);
    if (!place) return { ...base, place: null, stores: [], status: 'not_found' satisfies FinderStatus };
    const records = await this.search.nearest(
      site.locale as Locale,
      { latitude: place.latitude, longitude: place.longitude, only: base.only },
      product,
    );
    return {
      ...base,
      query: place.label,
      place,
      stores: records.map((r) => toStoreView(r, site.locale)),
      status: 'results',
    };
  }

  private panLabels(t: Translate): PanLabels {
    return {
      pan: t('storefinder.finder.map_pan'),
      north: t('storefinder.finder.pan_north'),
      south: t('storefinder.finder.pan_south'),
      west: t('storefinder.finder.pan_west'),
      east: t('storefinder.finder.pan_east'),
    };
  }

  private mapSettings(): MapSettings {
    return {
      tileUrl: MAP_TILE_PATH,
      attribution: this.config.MAP_TILE_ATTRIBUTION,
      attributionUrl: this.config.MAP_TILE_ATTRIBUTION_URL,
    };
  }
}
