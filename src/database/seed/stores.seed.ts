import { sql, type Insertable } from 'kysely';
import type { Database } from '../database';
import type { StoreTable } from '../schema';
import { upsertStores } from '../content-write/stores';
import type { StoreContent } from '../content-schema';

/** Demo pharmacies of the content pack (SPEC §1: "more than 1500 Swiss pharmacies trained"). */
export const DEMO_STORES = 2000;

/** A small seeded PRNG (mulberry32): the same seed always gives the same pharmacies. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Place {
  name: string;
  postcode: string;
  canton?: string | null;
  latitude: number;
  longitude: number;
  language: string;
}

/** Telephone area codes by canton (the main one of each), for plausible numbers. */
const AREA: Record<string, string> = {
  ZH: '44',
  BE: '31',
  LU: '41',
  UR: '41',
  SZ: '41',
  OW: '41',
  NW: '41',
  GL: '55',
  ZG: '41',
  FR: '26',
  SO: '32',
  BS: '61',
  BL: '61',
  SH: '52',
  AR: '71',
  AI: '71',
  SG: '71',
  GR: '81',
  AG: '62',
  TG: '52',
  TI: '91',
  VD: '21',
  VS: '27',
  NE: '32',
  GE: '22',
  JU: '32',
};

/** Towns that get several pharmacies (the rest of the country one per drawn locality). */
const TOWNS = [
  'Zürich',
  'Genève',
  'Basel',
  'Lausanne',
  'Bern',
  'Winterthur',
  'Luzern',
  'St. Gallen',
  'Lugano',
  'Biel/Bienne',
  'Thun',
  'Fribourg',
  'Neuchâtel',
  'Sion',
  'La Chaux-de-Fonds',
  'Yverdon-les-Bains',
  'Montreux',
  'Nyon',
  'Chur',
  'Schaffhausen',
  'Zug',
  'Aarau',
  'Olten',
  'Vevey',
  'Bellinzona',
  'Morges',
];

const WORDS = {
  fr: {
    names: [
      (c: string) => `Pharmacie de ${c}`,
      () => 'Pharmacie du Centre',
      () => 'Pharmacie de la Gare',
      () => 'Pharmacie du Lac',
      () => 'Pharmacie des Alpes',
      () => 'Pharmacie du Marché',
      () => 'Pharmacie Principale',
      () => 'Pharmacie de la Place',
      () => 'Pharmacie du Bourg',
      () => 'Pharmacie Saint-Jean',
      () => 'Pharmacie des Tilleuls',
      () => 'Pharmacie du Jura',
    ],
    streets: [
      'Rue de la Gare',
      'Rue Centrale',
      'Avenue de la Gare',
      'Place du Marché',
      'Grand-Rue',
      'Rue du Lac',
      'Avenue des Alpes',
      'Rue du Bourg',
      'Chemin des Tilleuls',
      'Route de Lausanne',
    ],
    extra: ['Centre commercial', 'Galerie marchande', 'Rez-de-chaussée', 'Entrée par la cour'],
  },
  de: {
    names: [
      (c: string) => `Apotheke ${c}`,
      () => 'Apotheke am Bahnhof',
      () => 'Dorf-Apotheke',
      () => 'Rosen-Apotheke',
      () => 'Sonnen-Apotheke',
      () => 'Central-Apotheke',
      () => 'Löwen-Apotheke',
      () => 'Apotheke zum Turm',
      () => 'Linden-Apotheke',
      () => 'Stern-Apotheke',
      () => 'See-Apotheke',
      () => 'Markt-Apotheke',
    ],
    streets: [
      'Bahnhofstrasse',
      'Hauptstrasse',
      'Dorfstrasse',
      'Marktgasse',
      'Kirchgasse',
      'Seestrasse',
      'Poststrasse',
      'Lindenstrasse',
      'Zürcherstrasse',
      'Bernstrasse',
    ],
    extra: ['Einkaufszentrum', 'im Bahnhof', 'Erdgeschoss', 'Eingang Hofseite'],
  },
  it: {
    names: [
      (c: string) => `Farmacia di ${c}`,
      () => 'Farmacia Centrale',
      () => 'Farmacia della Stazione',
      () => 'Farmacia del Lago',
      () => 'Farmacia San Rocco',
      () => 'Farmacia Nuova',
    ],
    streets: ['Via Cantonale', 'Via della Stazione', 'Piazza Grande', 'Via San Gottardo', 'Corso Elvezia'],
    extra: ['Centro commerciale', 'Piano terreno'],
  },
} as const;

const SLUG_MAP: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Lowercase letters, digits and single hyphens (umlauts spelled out, other accents dropped). */
export function storeSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => SLUG_MAP[c])
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The localities' language ("de", "fr", "it" or "rm") as one of the naming sets. */
const wordsOf = (language: string) => (language === 'fr' ? WORDS.fr : language === 'it' ? WORDS.it : WORDS.de);

/**
 * `count` fictional pharmacies at real Swiss localities (the official directory), drawn by a PRNG
 * from `seed`: a quarter in the big towns, the rest spread over the localities; each a few hundred
 * metres from its locality's point, named and addressed in the locality's language, with a phone
 * number of its canton's area code; one in ten an Insudiet partner. Deterministic for a seed.
 */
export function generateStores(places: Place[], count: number, seed = 1): Array<Insertable<StoreTable>> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const swiss = places.filter((p) => !!p.canton);
  const towns = swiss.filter((p) => TOWNS.includes(p.name));
  const slugs = new Set<string>();
  const stores: Array<Insertable<StoreTable>> = [];
  for (let i = 0; i < count; i++) {
    const place = towns.length && random() < 0.25 ? pick(towns) : pick(swiss);
    const words = wordsOf(place.language);
    const city = place.name;
    const name = pick(words.names as readonly ((c: string) => string)[])(city);
    // Up to ~1 km from the locality's point (1° latitude ≈ 111 km; longitude shrinks by cos φ).
    const r = 0.009 * Math.sqrt(random());
    const angle = random() * 2 * Math.PI;
    const latitude = place.latitude + r * Math.sin(angle);
    const longitude = place.longitude + (r * Math.cos(angle)) / Math.cos((place.latitude * Math.PI) / 180);
    const area = AREA[place.canton ?? ''] ?? '58';
    const digits = String(Math.floor(random() * 10_000_000)).padStart(7, '0');
    const base = storeSlug(`${name} ${city}`) || `pharmacie-${i + 1}`;
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    stores.push({
      slug,
      name,
      address_1: `${pick(words.streets)} ${1 + Math.floor(random() * 80)}`,
      address_2: random() < 0.15 ? pick(words.extra) : '',
      address_3: '',
      zipcode: place.postcode,
      city,
      phone: `+41 ${area} ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
      latitude: Math.round(latitude * 1e6) / 1e6,
      longitude: Math.round(longitude * 1e6) / 1e6,
      is_insudiet: random() < 0.1,
    });
  }
  return stores;
}

/**
 * Replaces the pharmacies with `count` generated ones (idempotent for a count and seed) and the
 * ranges each stocks: Insudiet partners stock Insudiet, and each pharmacy each other brand with a 60% chance.
 */
export async function seedStores(db: Database, count = DEMO_STORES, seed = 1): Promise<{ stores: number }> {
  const places = await db
    .selectFrom('locality')
    .select(['name', 'postcode', 'canton', 'latitude', 'longitude', 'language'])
    .orderBy('id')
    .execute();
  const stores = generateStores(places, count, seed);
  const brands = await db.selectFrom('brand').select(['id', 'key']).orderBy('id').execute();
  const insudiet = brands.find((b) => b.key === 'insudiet');
  const others = brands.filter((b) => b.key !== 'insudiet');
  const random = prng(seed + 7);
  // Through the write path of the API (one definition): each with the ranges it stocks.
  const content = stores.map((store) => {
    const chosen = others.filter(() => random() < 0.6).map((b) => b.key);
    if (store.is_insudiet && insudiet) chosen.push(insudiet.key);
    return { ...(store as StoreContent), brands: chosen };
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('store').execute();
    await upsertStores(trx, content);
  });
  await sql`analyze store, store_brand`.execute(db);
  return { stores: stores.length };
}
