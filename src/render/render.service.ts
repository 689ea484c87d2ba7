import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { I18nService } from 'nestjs-i18n';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { recordRender } from '../common/timing/request-timing';
import { Layout, type LayoutProps } from '../../views/layout/Layout';
import { ErrorPage, type ErrorPageProps } from '../../views/layout/ErrorPage';
import { RenderContext, type RenderEnvironment, type Translate } from '../../views/render-context';
import { serializeJson } from '../../views/serialize';
import { requestPath } from '../common/http/safe-redirect';
import { buildPath, type Locale, type RouteName, type RouteParams } from '../../contracts/route-table';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import { SiteSource } from '../common/site/site-source';
import type { SiteContext } from '../common/site/site.types';
import { breadcrumbJsonLd } from '../common/seo/json-ld';
import { documentTitle, renderHead } from './head';
import { ClientManifest } from './manifest';
import type { Crumb } from '../../contracts/shell';
import type { PageView } from './page-view';

/** A random per-process marker rendered where the request's CSP nonce goes (see `withNonce`). */
export const NONCE_PLACEHOLDER = randomBytes(18).toString('base64url');

export function withNonce(html: string, nonce: string): string {
  return html.split(NONCE_PLACEHOLDER).join(nonce);
}

export interface RouteMatch {
  name: RouteName;
  params: RouteParams;
}

/**
 * Owns the HTML document (ARCHITECTURE "Rendering"): shell data, React on the server, <head> (title
 * template, description, canonical, hreflang, Open Graph, JSON-LD), assets from the client manifest
 * and the preloaded client state. Its output carries NONCE_PLACEHOLDER, swapped per response.
 */
const MAX_TEXTS_PER_LOCALE = 10_000;

@Injectable()
export class RenderService {
  private readonly logger = new Logger(RenderService.name);
  private readonly manifest = new ClientManifest();

  constructor(
    private readonly shops: SiteSource,
    private readonly i18n: I18nService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (!this.manifest.available) this.logger.warn('client build manifest not found: pages render without scripts');
  }

  /** Texts without arguments, per language: the files are read once at start (no watching). */
  private readonly texts = new Map<Locale, Map<string, string>>();

  translator(locale: Locale): Translate {
    let texts = this.texts.get(locale);
    if (!texts) this.texts.set(locale, (texts = new Map()));
    const known = texts;
    return (key, args) => {
      if (args) return this.i18n.t(key, { lang: locale, args, defaultValue: key }) as string;
      let text = known.get(key);
      if (text === undefined) {
        text = this.i18n.t(key, { lang: locale, defaultValue: key }) as string;
        // Keys are the code's own; the bound only guards against one built from unchecked data.
        if (known.size < MAX_TEXTS_PER_LOCALE) known.set(key, text);
      }
      return text;
    };
  }

  async renderPage<P extends object>(
    req: Request,
    site: SiteContext,
    route: RouteMatch,
    view: PageView<P>,
    Page: ComponentType<P>,
  ): Promise<string> {
    const t = this.translator(site.locale);
    const shell = await this.shops.shell(site.shop.id, site.locale, t('shell.app_title'));
    const countries = await this.shops.countries(site);
    const languages = site.shop.languages.map((language) => {
      let path: string | null | undefined = view.alternates?.[language.locale];
      if (path === undefined)
        path = language.locale === site.locale ? requestPath(req) : this.twinPath(route, language.locale);
      return {
        locale: language.locale,
        label: language.label,
        current: language.locale === site.locale,
        hasTwin: path !== null,
        url: `${site.scheme}://${language.host}${site.portSuffix}${path ?? '/'}`,
      };
    });
    const qr = req.query.utm_medium === 'QRcode';
    const breadcrumb: Crumb[] = view.breadcrumb?.length
      ? [{ label: t('shell.breadcrumb_home'), href: '/' }, ...view.breadcrumb]
      : [];
    const layout: Omit<LayoutProps, 'children'> = {
      shell,
      breadcrumb,
      languages: languages.map(({ locale, label, url, current }) => ({ locale, label, url, current })),
      countries,
      qrLanguages: qr
        ? languages.map(({ locale, label, url }) => ({
            locale,
            label,
            url,
            cta: this.translator(locale)('shell.qr_continue'),
          }))
        : undefined,
      currentPath: requestPath(req),
    };
    const canonicalPath = view.head.canonicalPath ?? requestPath(req);
    const jsonLd = [...(view.head.jsonLd ?? [])];
    if (breadcrumb.length) jsonLd.push(breadcrumbJsonLd(breadcrumb, site.origin));
    const hreflangCountry = site.shop.code.toUpperCase();
    const alternates = languages
      .filter((l) => l.hasTwin)
      .map((l) => ({ hreflang: `${l.locale}-${hreflangCountry}`, url: l.url }));
    const fallback = languages.find((l) => l.locale === site.shop.defaultLocale && l.hasTwin);
    if (fallback) alternates.push({ hreflang: 'x-default', url: fallback.url });
    return this.document(site, t, shell.appTitle, {
      head: view.head,
      // Every page names its canonical URL; a noindex page only when it names one (a preview names the
      // published page; an error page or a form's confirmation has none).
      canonicalUrl: view.head.noindex && !view.head.canonicalPath ? undefined : `${site.origin}${canonicalPath}`,
      alternates: view.head.noindex ? [] : alternates,
      jsonLd,
      body: () => createElement(Layout, { ...layout, children: createElement(Page, view.props) }),
    });
  }

  /**
   * The document title of a page of this site ("page title - app title", SPEC §9), for an island
   * that changes the page in place and sets `document.title` itself.
   */
  async documentTitle(site: SiteContext, title: string): Promise<string> {
    const t = this.translator(site.locale);
    const shell = await this.shops.shell(site.shop.id, site.locale, t('shell.app_title'));
    return documentTitle(title, shell.appTitle);
  }

  /** The 404 / 401 / 500 page inside the shell, in the visitor's language. */
  /** The 404/401/500 page; `pageMissing`: a page's lookup found nothing (SPEC §8 "Cette page n'existe pas"). */
  async renderError(req: Request, site: SiteContext, status: number, pageMissing = false): Promise<string> {
    const kind: ErrorPageProps['kind'] = status === 404 ? 'notFound' : status === 401 ? 'unauthorized' : 'error';
    const t = this.translator(site.locale);
    const view: PageView<ErrorPageProps> = {
      head: { title: t(`errors.${kind}.title`), noindex: true },
      // The same page answers every unknown URL: each language link goes to that language's home.
      alternates: Object.fromEntries(site.shop.languages.map((l) => [l.locale, null])),
      props: {
        kind,
        status,
        pageMissing: kind === 'notFound' && pageMissing,
        searchAction: buildPath('results', site.locale),
      },
    };
    return this.renderPage(req, site, { name: 'home', params: {} }, view, ErrorPage);
  }

  private twinPath(route: RouteMatch, locale: Locale): string | null {
    try {
      return buildPath(route.name, locale, route.params);
    } catch {
      return null;
    }
  }

  private document(
    site: SiteContext,
    t: Translate,
    appTitle: string,
    parts: {
      head: PageView['head'];
      canonicalUrl: string | undefined;
      alternates: Array<{ hreflang: string; url: string }>;
      jsonLd: object[];
      body: () => ReturnType<typeof createElement>;
    },
  ): string {
    const state = {
      app: {
        locale: site.locale,
        shopId: site.shop.id,
        siteUrl: site.origin,
        webp: site.webp,
        analyticsSrc: this.config.ANALYTICS_SCRIPT_URL ?? '',
        secureCookies: this.config.production,
      },
    };
    const env: RenderEnvironment = {
      locale: site.locale,
      shopCode: site.shop.code,
      t,
      nonce: NONCE_PLACEHOLDER,
      state,
      islands: new Set(),
      islandSeq: { next: 1 },
    };
    const renderStarted = performance.now();
    const body = renderToString(createElement(RenderContext.Provider, { value: env }, parts.body()));
    recordRender(performance.now() - renderStarted);
    const head = renderHead({
      head: parts.head,
      appTitle,
      locale: site.locale,
      countryCode: site.shop.code,
      canonicalUrl: parts.canonicalUrl,
      alternates: parts.alternates,
      assets: this.manifest.assetsFor(env.islands),
      nonce: NONCE_PLACEHOLDER,
      jsonLd: parts.jsonLd,
      siteName: appTitle,
    });
    const stateScript = `<script type="application/json" id="__STATE__" nonce="${NONCE_PLACEHOLDER}">${serializeJson(state)}</script>`;
    // Before first paint: remembered dismissals (old-browser notice, discount banner) hide their
    // blocks without a flash, and the .js class lets CSS tell when scripts run.
    const bootScript = `<script nonce="${NONCE_PLACEHOLDER}">${BOOT_SCRIPT}</script>`;
    return `<!DOCTYPE html><html lang="${site.locale}-${site.shop.code.toUpperCase()}"><head>${head}${bootScript}</head><body>${body}${stateScript}</body></html>`;
  }
}

const BOOT_SCRIPT =
  "(function(d){var c=d.documentElement.classList;c.add('js');try{var s=localStorage;if(s.getItem('old-browser-notice-dismissed'))c.add('old-browser-dismissed');if(s.getItem('discount-banner-hidden'))c.add('discount-banner-hidden')}catch(e){}})(document)";
