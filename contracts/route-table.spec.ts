import { match as expressMatch } from 'path-to-regexp';
import {
  buildListingTail,
  buildPath,
  expressPaths,
  matchRoute,
  MAX_FILTERS,
  parseListingTail,
  resolvePath,
  ROUTES,
  type ListingTail,
  type RouteName,
  type RouteParams,
} from './route-table';

interface Case {
  params: RouteParams;
  fr: string;
  de: string;
}

const tail = (value: Partial<ListingTail>): ListingTail => ({ filters: [], ...value });
const filters = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `f${i}`, value: `v${i}` }));

/** At least one case per route of SPEC §2.1, in both Swiss languages. */
const CASES: Record<RouteName, Case[]> = {
  home: [{ params: {}, fr: '/', de: '/' }],
  brands: [{ params: {}, fr: '/marques', de: '/marken' }],
  brand: [
    { params: { slug: 'lactibiane' }, fr: '/marque/lactibiane', de: '/marke/lactibiane' },
    { params: { slug: 'formag/magnesium-2' }, fr: '/marque/formag/magnesium-2', de: '/marke/formag/magnesium-2' },
  ],
  productList: [
    { params: { tail: tail({}) }, fr: '/produits', de: '/produkte' },
    { params: { tail: tail({ expertise: 'digestion' }) }, fr: '/produits/digestion', de: '/produkte/digestion' },
    { params: { tail: tail({ page: 3 }) }, fr: '/produits/-p--3', de: '/produkte/-p--3' },
    {
      params: { tail: tail({ expertise: 'immunite', page: 2, filters: [{ name: 'brand', value: 'lactibiane' }] }) },
      fr: '/produits/immunite/-p--2/-brand--lactibiane',
      de: '/produkte/immunite/-p--2/-brand--lactibiane',
    },
    {
      params: { tail: tail({ filters: filters(MAX_FILTERS) }) },
      fr: `/produits${filters(MAX_FILTERS)
        .map((f) => `/-${f.name}--${f.value}`)
        .join('')}`,
      de: `/produkte${filters(MAX_FILTERS)
        .map((f) => `/-${f.name}--${f.value}`)
        .join('')}`,
    },
  ],
  productFaq: [
    {
      params: { slug: 'lactibiane-reference' },
      fr: '/produit/lactibiane-reference/questions-reponses',
      de: '/produkt/lactibiane-reference/fragen-antworten',
    },
  ],
  product: [
    {
      params: { slug: 'lactibiane-reference' },
      fr: '/produit/lactibiane-reference',
      de: '/produkt/lactibiane-reference',
    },
    { params: { slug: 'formag/30-comprimes' }, fr: '/produit/formag/30-comprimes', de: '/produkt/formag/30-comprimes' },
  ],
  needs: [{ params: {}, fr: '/besoins', de: '/bedurfnisse' }],
  need: [{ params: { slug: 'confort-digestif' }, fr: '/besoin/confort-digestif', de: '/bedurfnis/confort-digestif' }],
  adviceList: [
    { params: {}, fr: '/conseils', de: '/ratschlage' },
    { params: { page: '2' }, fr: '/conseils/2', de: '/ratschlage/2' },
    {
      params: { page: '1', category: 'digestion', filter: 'ballonnements' },
      fr: '/conseils/1/digestion/ballonnements',
      de: '/ratschlage/1/digestion/ballonnements',
    },
  ],
  advice: [{ params: { slug: 'bien-dormir' }, fr: '/conseil/bien-dormir', de: '/ratschlag/bien-dormir' }],
  innovationList: [
    { params: {}, fr: '/qualite-innovations', de: '/qualitat-innovationen' },
    {
      params: { page: '3', category: 'recherche-2', filter: 'sommeil' },
      fr: '/qualite-innovations/3/recherche-2/sommeil',
      de: '/qualitat-innovationen/3/recherche-2/sommeil',
    },
  ],
  innovation: [
    { params: { slug: 'nos-souches' }, fr: '/qualite-innovation/nos-souches', de: '/qualitat-innovation/nos-souches' },
  ],
  storeFinder: [{ params: {}, fr: '/trouver-une-pharmacie', de: '/eine-apotheke-finden' }],
  store: [
    {
      params: { slug: 'pharmacie-du-lac-nyon' },
      fr: '/trouver-une-pharmacie/pharmacie-du-lac-nyon',
      de: '/eine-apotheke-finden/pharmacie-du-lac-nyon',
    },
  ],
  whoCanGiveYouAdvice: [{ params: {}, fr: '/interlocuteur', de: '/ansprechpartner' }],
  contact: [{ params: {}, fr: '/contactez-nous', de: '/kontakt' }],
  confirmation: [{ params: {}, fr: '/contactez-nous/confirmation', de: '/kontakt/bestatigung' }],
  newsletter: [{ params: {}, fr: '/newsletter', de: '/newsletter' }],
  results: [
    { params: { tail: tail({}) }, fr: '/resultats', de: '/ergebnisse' },
    {
      params: { tail: tail({ text: 'vitamine c' }) },
      fr: '/resultats/-r--vitamine%20c',
      de: '/ergebnisse/-r--vitamine%20c',
    },
    {
      params: { tail: tail({ text: 'magnésium', page: 2, filters: [{ name: 'brand', value: 'formag' }] }) },
      fr: '/resultats/-r--magn%C3%A9sium/-p--2/-brand--formag',
      de: '/ergebnisse/-r--magn%C3%A9sium/-p--2/-brand--formag',
    },
  ],
  faq: [{ params: {}, fr: '/aide-en-ligne', de: '/ihre-online-hilfe' }],
  login: [{ params: {}, fr: '/connexion', de: '/anmelden' }],
  logout: [{ params: {}, fr: '/deconnexion', de: '/abmelden' }],
  preview: [{ params: { id: '42' }, fr: '/preview/42', de: '/preview/42' }],
  brandCorner: [
    { params: { brand: 'lactibiane' }, fr: '/lactibiane', de: '/lactibiane' },
    {
      params: { brand: 'insudiet', slug: 'programme-minceur' },
      fr: '/insudiet/programme-minceur',
      de: '/insudiet/programme-minceur',
    },
  ],
  cmsPage: [
    { params: { slug: 'a-propos' }, fr: '/a-propos', de: '/a-propos' },
    { params: { slug: 'actualites/salon-2026' }, fr: '/actualites/salon-2026', de: '/actualites/salon-2026' },
  ],
};

const rows = (Object.entries(CASES) as Array<[RouteName, Case[]]>).flatMap(([name, cases]) =>
  cases.flatMap((c) => (['fr', 'de'] as const).map((locale) => ({ name, locale, params: c.params, path: c[locale] }))),
);

describe('route table', () => {
  it('has a case for every route', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  describe.each(rows)('$name in $locale: $path', ({ name, locale, params, path }) => {
    it('builds the path from the parameters', () => {
      expect(buildPath(name, locale, params)).toBe(path);
    });

    it('matches the path back to the same parameters', () => {
      expect(matchRoute(name, locale, path)).toEqual(params);
    });

    it('resolves to this route first in table order', () => {
      expect(resolvePath(locale, path)?.name).toBe(name);
    });

    it('is registered with Express by one of expressPaths', () => {
      const registered = expressPaths(name).some((pattern) => expressMatch(pattern, { decode: false })(path) !== false);
      expect(registered).toBe(true);
    });
  });

  it('does not match a route in the other language', () => {
    expect(matchRoute('brands', 'fr', '/marken')).toBeNull();
    expect(matchRoute('productList', 'de', '/produits/digestion')).toBeNull();
    expect(resolvePath('de', '/produits/digestion')?.name).toBe('cmsPage');
  });

  it.each([
    ['product slug with capitals', 'product', '/produit/Lactibiane'],
    ['product FAQ slug with a slash', 'productFaq', '/produit/a/b/questions-reponses'],
    ['advice page that is not a number', 'adviceList', '/conseils/deux'],
    ['advice category with digits', 'adviceList', '/conseils/1/vitamine-c'],
    ['preview id that is not a number', 'preview', '/preview/abc'],
    ['brand corner of another brand', 'brandCorner', '/autre-marque'],
    ['product list page that is not a number', 'productList', '/produits/-p--abc'],
    ['product list page zero', 'productList', '/produits/-p--0'],
    ['product list expertise with digits', 'productList', '/produits/vitamine-c'],
    ['product list filter without a value', 'productList', '/produits/-brand--'],
    ['product list tail glued to the word', 'productList', '/produitsdigestion'],
    ['results without -r-- prefix', 'results', '/resultats/vitamine'],
    ['results with a bad escape', 'results', '/resultats/-r--%E0%A4%A'],
  ] as Array<[string, RouteName, string]>)('refuses a %s', (_label, name, path) => {
    expect(matchRoute(name, 'fr', path)).toBeNull();
  });

  it(`accepts ${MAX_FILTERS} filters and refuses ${MAX_FILTERS + 1}`, () => {
    const path = (n: number) =>
      `/produits/digestion/-p--2${filters(n)
        .map((f) => `/-${f.name}--${f.value}`)
        .join('')}`;
    expect(matchRoute('productList', 'fr', path(MAX_FILTERS))).toEqual({
      tail: tail({ expertise: 'digestion', page: 2, filters: filters(MAX_FILTERS) }),
    });
    expect(matchRoute('productList', 'fr', path(MAX_FILTERS + 1))).toBeNull();
    expect(
      matchRoute(
        'results',
        'de',
        `/ergebnisse/-r--zink${filters(MAX_FILTERS + 1)
          .map((f) => `/-${f.name}--${f.value}`)
          .join('')}`,
      ),
    ).toBeNull();
  });
});

describe(parseListingTail.name, () => {
  it('reads expertise, page and filters of a product list', () => {
    expect(parseListingTail('/sommeil/-p--4/-galenic_format--gelule/-flavour--citron', 'catalogue')).toEqual({
      expertise: 'sommeil',
      page: 4,
      filters: [
        { name: 'galenic_format', value: 'gelule' },
        { name: 'flavour', value: 'citron' },
      ],
    });
  });

  it('reads the search text of a result list, and an empty text', () => {
    expect(parseListingTail('/-r--zinc%20et%20vitamine/-p--2', 'results')).toEqual({
      text: 'zinc et vitamine',
      page: 2,
      filters: [],
    });
    expect(parseListingTail('/-r--', 'results')).toEqual({ text: '', filters: [] });
  });

  it('refuses a page out of place or a non-numeric one', () => {
    expect(parseListingTail('/-brand--formag/-p--2', 'catalogue')).toBeNull();
    expect(parseListingTail('/-p--2a', 'catalogue')).toBeNull();
    expect(parseListingTail('/-p--1234567', 'catalogue')).toBeNull();
  });
});

describe(buildListingTail.name, () => {
  it('leaves out page 1 and keeps at most the allowed number of filters', () => {
    expect(buildListingTail(tail({ expertise: 'digestion', page: 1 }), 'catalogue')).toBe('/digestion');
    expect(buildListingTail(tail({ filters: filters(MAX_FILTERS + 2) }), 'catalogue').split('/-f').length - 1).toBe(
      MAX_FILTERS,
    );
  });

  it('only writes the search text for results and the expertise for products', () => {
    expect(buildListingTail(tail({ text: 'zinc', expertise: 'sommeil' }), 'results')).toBe('/-r--zinc');
    expect(buildListingTail(tail({ text: 'zinc', expertise: 'sommeil' }), 'catalogue')).toBe('/sommeil');
  });
});

describe(expressPaths.name, () => {
  it('registers each distinct localised path once', () => {
    expect(expressPaths('home')).toEqual(['/']);
    expect(expressPaths('newsletter')).toEqual(['/newsletter', '/nieuwsbrief']);
    expect(expressPaths('productList')).toContain('/produits{/*tail}');
    expect(expressPaths('adviceList')).toContain('/ratschlage{/:page}{/:category}{/:filter}');
    expect(expressPaths('cmsPage')).toEqual(['{/*slug}']);
    // The brand corner is registered on its three brands only: it never takes the catch-all's paths.
    expect(expressPaths('brandCorner')).toEqual(['/lactibiane{/:slug}', '/insudiet{/:slug}', '/formag{/:slug}']);
  });
});
