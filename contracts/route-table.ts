/**
 * The one route table (SPEC §2.1). Every localised page route is declared here once, per locale; it is
 * used to register the routes (see `PageRoute`), to match and validate a request path for the visitor's
 * locale, and to build links (menus, language switch, breadcrumbs, cards). Pure TypeScript: the client
 * bundle imports it too.
 */
export const LOCALES = ['fr', 'de', 'it', 'es', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'fr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The filters and page of a product list or a search result list, written in the path. */
export interface ListingTail {
  expertise?: string;
  text?: string;
  page?: number;
  filters: Array<{ name: string; value: string }>;
}

export const MAX_FILTERS = 10;

type ParamKind =
  | 'slug' // lowercase letters, digits, hyphen and slash
  | 'segment' // lowercase letters, digits, hyphen (no slash)
  | 'digits'
  | 'letters'
  | 'brand'
  | 'catalogue' // [/expertise][/-p--N][/-name--value]{0,10}
  | 'results'; // /-r--text[/-p--N][/-name--value]{0,10}

const PARAM_SOURCE: Record<Exclude<ParamKind, 'catalogue' | 'results'>, string> = {
  slug: '[a-z0-9-]+(?:/[a-z0-9-]+)*',
  segment: '[a-z0-9-]+',
  digits: '[0-9]+',
  letters: '[a-z]+',
  brand: 'lactibiane|insudiet|formag',
};

export const BRAND_CORNERS = ['lactibiane', 'insudiet', 'formag'] as const;

interface RouteDefinition {
  /** Path template per locale: literal segments and `:name` (or `:name?`) parameters. */
  paths: Record<Locale, string>;
  params?: Record<string, ParamKind>;
}

const same = (path: string): Record<Locale, string> => ({ fr: path, de: path, it: path, es: path, nl: path });

export const ROUTES = {
  home: { paths: same('/') },
  brands: { paths: { fr: '/marques', de: '/marken', it: '/marchi', es: '/marcas', nl: '/merken' } },
  brand: {
    paths: { fr: '/marque/:slug', de: '/marke/:slug', it: '/marchio/:slug', es: '/marca/:slug', nl: '/merk/:slug' },
    params: { slug: 'slug' },
  },
  productList: {
    paths: {
      fr: '/produits:tail',
      de: '/produkte:tail',
      it: '/prodotti:tail',
      es: '/productos:tail',
      nl: '/producten:tail',
    },
    params: { tail: 'catalogue' },
  },
  productFaq: {
    paths: {
      fr: '/produit/:slug/questions-reponses',
      de: '/produkt/:slug/fragen-antworten',
      it: '/prodotto/:slug/domande-risposte',
      es: '/producto/:slug/preguntas-respuestas',
      nl: '/product/:slug/vragen-antwoorden',
    },
    params: { slug: 'segment' },
  },
  product: {
    paths: {
      fr: '/produit/:slug',
      de: '/produkt/:slug',
      it: '/prodotto/:slug',
      es: '/producto/:slug',
      nl: '/product/:slug',
    },
    params: { slug: 'slug' },
  },
  needs: { paths: { fr: '/besoins', de: '/bedurfnisse', it: '/bisogni', es: '/necesidades', nl: '/behoeften' } },
  need: {
    paths: {
      fr: '/besoin/:slug',
      de: '/bedurfnis/:slug',
      it: '/bisogno/:slug',
      es: '/necesidad/:slug',
      nl: '/behoefte/:slug',
    },
    params: { slug: 'slug' },
  },
  adviceList: {
    paths: {
      fr: '/conseils/:page?/:category?/:filter?',
      de: '/ratschlage/:page?/:category?/:filter?',
      it: '/consigli/:page?/:category?/:filter?',
      es: '/consejos/:page?/:category?/:filter?',
      nl: '/adviezen/:page?/:category?/:filter?',
    },
    params: { page: 'digits', category: 'letters', filter: 'segment' },
  },
  advice: {
    paths: {
      fr: '/conseil/:slug',
      de: '/ratschlag/:slug',
      it: '/consiglio/:slug',
      es: '/consejo/:slug',
      nl: '/advies/:slug',
    },
    params: { slug: 'slug' },
  },
  innovationList: {
    paths: {
      fr: '/qualite-innovations/:page?/:category?/:filter?',
      de: '/qualitat-innovationen/:page?/:category?/:filter?',
      it: '/qualita-innovazioni/:page?/:category?/:filter?',
      es: '/calidad-innovaciones/:page?/:category?/:filter?',
      nl: '/kwaliteit-innovaties/:page?/:category?/:filter?',
    },
    params: { page: 'digits', category: 'segment', filter: 'segment' },
  },
  innovation: {
    paths: {
      fr: '/qualite-innovation/:slug',
      de: '/qualitat-innovation/:slug',
      it: '/qualita-innovazione/:slug',
      es: '/calidad-innovacion/:slug',
      nl: '/kwaliteit-innovatie/:slug',
    },
    params: { slug: 'slug' },
  },
  storeFinder: {
    paths: {
      fr: '/trouver-une-pharmacie',
      de: '/eine-apotheke-finden',
      it: '/trova-una-farmacia',
      es: '/encontrar-una-farmacia',
      nl: '/een-apotheek-vinden',
    },
  },
  /** One pharmacy of the finder (beyond SPEC §2.1: linked from the finder's list). */
  store: {
    paths: {
      fr: '/trouver-une-pharmacie/:slug',
      de: '/eine-apotheke-finden/:slug',
      it: '/trova-una-farmacia/:slug',
      es: '/encontrar-una-farmacia/:slug',
      nl: '/een-apotheek-vinden/:slug',
    },
    params: { slug: 'segment' },
  },
  whoCanGiveYouAdvice: {
    paths: {
      fr: '/interlocuteur',
      de: '/ansprechpartner',
      it: '/interlocutore',
      es: '/interlocutor',
      nl: '/aanspreekpunt',
    },
  },
  contact: {
    paths: { fr: '/contactez-nous', de: '/kontakt', it: '/contattaci', es: '/contacto', nl: '/contact' },
  },
  confirmation: {
    paths: {
      fr: '/contactez-nous/confirmation',
      de: '/kontakt/bestatigung',
      it: '/contattaci/conferma',
      es: '/contacto/confirmacion',
      nl: '/contact/bevestiging',
    },
  },
  newsletter: {
    paths: { fr: '/newsletter', de: '/newsletter', it: '/newsletter', es: '/newsletter', nl: '/nieuwsbrief' },
  },
  results: {
    paths: {
      fr: '/resultats:tail',
      de: '/ergebnisse:tail',
      it: '/risultati:tail',
      es: '/resultados:tail',
      nl: '/resultaten:tail',
    },
    params: { tail: 'results' },
  },
  faq: {
    paths: {
      fr: '/aide-en-ligne',
      de: '/ihre-online-hilfe',
      it: '/aiuto-online',
      es: '/ayuda-en-linea',
      nl: '/online-hulp',
    },
  },
  /** The editors' login form (GET) and its post; `?redirect=` names the same-site page to go back to. */
  login: {
    paths: { fr: '/connexion', de: '/anmelden', it: '/accedi', es: '/iniciar-sesion', nl: '/inloggen' },
  },
  /** Logout: a confirmation form (GET) and the POST that ends the session. */
  logout: {
    paths: { fr: '/deconnexion', de: '/abmelden', it: '/esci', es: '/cerrar-sesion', nl: '/uitloggen' },
  },
  preview: { paths: same('/preview/:id'), params: { id: 'digits' } },
  brandCorner: { paths: same('/:brand/:slug?'), params: { brand: 'brand', slug: 'segment' } },
  /** The catch-all news or CMS page: always the last route. */
  cmsPage: { paths: same('/:slug'), params: { slug: 'slug' } },
} satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTES;
export type RouteParams = Record<string, string | number | ListingTail | undefined>;

const FILTER_SEGMENT = /^-([a-z][a-z0-9_]*)--([a-z0-9][a-z0-9_-]*)$/;
const PAGE_SEGMENT = /^-p--(.*)$/;
const TEXT_SEGMENT = /^-r--(.*)$/;
const RESERVED_FILTER_NAMES = new Set(['p', 'r']);

/** Parses the tail of a product list or result list; null when it breaks a rule (=> 404). */
export function parseListingTail(tail: string, kind: 'catalogue' | 'results'): ListingTail | null {
  const segments = tail.split('/').filter((s) => s !== '');
  const result: ListingTail = { filters: [] };
  let i = 0;
  if (kind === 'results') {
    const text = TEXT_SEGMENT.exec(segments[0] ?? '');
    if (!text) return segments.length === 0 ? result : null;
    try {
      result.text = decodeURIComponent(text[1]).trim();
    } catch {
      return null;
    }
    i = 1;
  } else if (segments[0] && /^[a-z]+$/.test(segments[0])) {
    result.expertise = segments[0];
    i = 1;
  }
  const page = PAGE_SEGMENT.exec(segments[i] ?? '');
  if (page) {
    if (!/^[0-9]{1,6}$/.test(page[1]) || Number(page[1]) < 1) return null;
    result.page = Number(page[1]);
    i += 1;
  }
  for (; i < segments.length; i++) {
    const filter = FILTER_SEGMENT.exec(segments[i]);
    // "-p--N" and "-r--text" are the page and the search text, never filter names (a page after the
    // filters is out of place).
    if (!filter || RESERVED_FILTER_NAMES.has(filter[1])) return null;
    result.filters.push({ name: filter[1], value: filter[2] });
  }
  if (result.filters.length > MAX_FILTERS) return null;
  return result;
}

export function buildListingTail(tail: ListingTail | undefined, kind: 'catalogue' | 'results'): string {
  if (!tail) return '';
  let out = '';
  if (kind === 'results' && tail.text) out += `/-r--${encodeURIComponent(tail.text)}`;
  if (kind === 'catalogue' && tail.expertise) out += `/${tail.expertise}`;
  if (tail.page && tail.page > 1) out += `/-p--${tail.page}`;
  for (const f of tail.filters.slice(0, MAX_FILTERS)) out += `/-${f.name}--${f.value}`;
  return out;
}

interface CompiledRoute {
  regex: RegExp;
  names: string[];
}

const compiled = new Map<string, CompiledRoute>();

function compile(name: RouteName, locale: Locale): CompiledRoute {
  const key = `${name}:${locale}`;
  const hit = compiled.get(key);
  if (hit) return hit;
  const def: RouteDefinition = ROUTES[name];
  const template = def.paths[locale];
  const names: string[] = [];
  let source = '';
  // Optional parameters fill from the left (page, then category, then filter): each one is only
  // there when the one before it is, so "/conseils/deux" is a bad page, not a category.
  let openOptionals = 0;
  if (template === '/') source = '/';
  else {
    for (const part of template.split(/(?=\/)|(?=:tail)/)) {
      const param = /^\/?:([a-z]+)(\?)?$/i.exec(part);
      if (!param) {
        source += escapeRegex(part);
        continue;
      }
      const [, pname, optional] = param;
      const kind = def.params?.[pname] ?? 'segment';
      names.push(pname);
      if (kind === 'catalogue' || kind === 'results') {
        source += '((?:/[^/]+)*)/?';
        continue;
      }
      const body = `/(${PARAM_SOURCE[kind]})`;
      if (optional) openOptionals += 1;
      source += optional ? `(?:${body}` : body;
    }
    source += ')?'.repeat(openOptionals);
  }
  const result = { regex: new RegExp(`^${source}$`), names };
  compiled.set(key, result);
  return result;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a request path against a route in one locale; returns its parameters or null. */
export function matchRoute(name: RouteName, locale: Locale, path: string): RouteParams | null {
  const { regex, names } = compile(name, locale);
  const m = regex.exec(path);
  if (!m) return null;
  const params: RouteParams = {};
  const def: RouteDefinition = ROUTES[name];
  names.forEach((pname, index) => {
    const raw = m[index + 1];
    const kind = def.params?.[pname];
    if (kind === 'catalogue' || kind === 'results') {
      params[pname] = parseListingTail(raw ?? '', kind) ?? undefined;
      if (!params[pname]) params.__invalid = 'tail';
    } else if (raw !== undefined) params[pname] = raw;
  });
  if (params.__invalid) return null;
  return params;
}

/** Builds the path of a route in a locale. */
export function buildPath(name: RouteName, locale: Locale, params: RouteParams = {}): string {
  const def: RouteDefinition = ROUTES[name];
  const template = def.paths[locale];
  let out = template.replace(/\/?:([a-z]+)(\?)?/gi, (whole, pname: string) => {
    const kind = def.params?.[pname];
    const value = params[pname];
    if (kind === 'catalogue' || kind === 'results') return buildListingTail(value as ListingTail | undefined, kind);
    if (value === undefined || value === '') return '';
    const text = String(value);
    const encoded = kind === 'slug' ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text);
    return `${whole.startsWith('/') ? '/' : ''}${encoded}`;
  });
  if (out === '') out = '/';
  return out;
}

/** Express 5 patterns that register a route for every locale (params are validated by `matchRoute`). */
export function expressPaths(name: RouteName): string[] {
  const def: RouteDefinition = ROUTES[name];
  const patterns = new Set<string>();
  for (const locale of LOCALES) {
    const template = def.paths[locale];
    if (template === '/') {
      patterns.add('/');
      continue;
    }
    // A brand parameter is registered as one literal path per corner brand (`/lactibiane{/:slug}`…),
    // so that the brand corner route never takes a path of the routes after it (the catch-all).
    let variants = [''];
    for (const part of template.split(/(?=\/)|(?=:tail)/)) {
      const param = /^\/?:([a-z]+)(\?)?$/i.exec(part);
      let next: string[];
      if (!param) next = [part];
      else {
        const [, pname, optional] = param;
        const kind = def.params?.[pname];
        if (kind === 'brand') next = BRAND_CORNERS.map((brand) => `/${brand}`);
        else if (kind === 'catalogue' || kind === 'results' || kind === 'slug') next = [`{/*${pname}}`];
        else next = [optional ? `{/:${pname}}` : `/:${pname}`];
      }
      variants = variants.flatMap((prefix) => next.map((piece) => prefix + piece));
    }
    for (const pattern of variants) patterns.add(pattern);
  }
  return [...patterns];
}

/** Which route and parameters a path is, in a locale (first match in table order). */
export function resolvePath(locale: Locale, path: string): { name: RouteName; params: RouteParams } | null {
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const params = matchRoute(name, locale, path);
    if (params) return { name, params };
  }
  return null;
}
