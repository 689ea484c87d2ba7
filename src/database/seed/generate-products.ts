import type { Transaction } from 'kysely';
import type { Database } from '../database';
import type {
  DB,
  NutritionCompound,
  NutritionTable,
  ProductCaracteristics,
  PushPromote,
  VolumeDiscount,
} from '../schema';
import {
  loadCatalogue,
  type BrandContent,
  type FaqContent,
  type ProductContent,
  type VocabularyContent,
} from './catalogue-content';
import { upsertProducts } from './catalogue.seed';
import { contentDir } from './content';
import { refreshDerivedData, seedAll } from './seed';

/**
 * Fictional but well-formed products for size tests (`npm run content:generate -- --products 10000`):
 * references GEN-000001…, French and German texts, caracteristics from the vocabularies, expertises
 * and needs of the content pack, prices, some volume discounts, novelties, nutrition tables and FAQs.
 * Every product is drawn from a PRNG seeded by its index, so a run is reproducible and re-running it
 * updates the same rows. Loaded through `upsertProducts`, like the content pack itself.
 */
export const GENERATED_PREFIX = 'GEN-';
const LOCALES = ['fr', 'de'] as const;
type Locale = (typeof LOCALES)[number];
type Pair = Record<Locale, string>;
/** Products per `upsertProducts` call: bounds memory; associates only point to earlier products. */
const SLICE = 2000;

export interface GeneratorReference {
  brands: Array<{ key: string; name: Pair }>;
  expertises: string[];
  needs: string[];
  vocabularies: VocabularyContent;
  /** Slugs already used by other products, per locale. */
  takenSlugs?: Partial<Record<Locale, Set<string>>>;
}

export interface GenerateResult {
  products: number;
  ms: number;
}

// ---------------------------------------------------------------------------------------------------
// Deterministic randomness

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  private readonly next: () => number;
  constructor(seed: number, index: number, stream = 0) {
    this.next = mulberry32(
      Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35) ^ Math.imul(stream + 1, 0x27d4eb2f),
    );
  }
  float(): number {
    return this.next();
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  some<T>(items: readonly T[], min: number, max: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    for (let n = Math.min(pool.length, this.int(min, max)); n > 0; n--)
      out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------
// Word lists (fr, de)

const RANGES: Pair[] = [
  { fr: 'Vitalité', de: 'Vitalität' },
  { fr: 'Équilibre', de: 'Balance' },
  { fr: 'Sérénité', de: 'Gelassenheit' },
  { fr: 'Énergie', de: 'Energie' },
  { fr: 'Confort', de: 'Komfort' },
  { fr: 'Défenses', de: 'Abwehr' },
  { fr: 'Forme', de: 'Form' },
  { fr: 'Détox', de: 'Detox' },
  { fr: 'Flore', de: 'Flora' },
  { fr: 'Immuno', de: 'Immuno' },
  { fr: 'Éclat', de: 'Glanz' },
  { fr: 'Mobilité', de: 'Mobilität' },
  { fr: 'Cœur', de: 'Herz' },
  { fr: 'Silhouette', de: 'Silhouette' },
  { fr: 'Mémoire', de: 'Gedächtnis' },
  { fr: 'Vision', de: 'Sehkraft' },
  { fr: 'Digestion', de: 'Verdauung' },
  { fr: 'Transit', de: 'Transit' },
  { fr: 'Sommeil', de: 'Schlaf' },
  { fr: 'Relax', de: 'Relax' },
  { fr: 'Cheveux', de: 'Haare' },
  { fr: 'Peau', de: 'Haut' },
  { fr: 'Os', de: 'Knochen' },
  { fr: 'Muscle', de: 'Muskel' },
  { fr: 'Récupération', de: 'Regeneration' },
  { fr: 'Concentration', de: 'Konzentration' },
  { fr: 'Hiver', de: 'Winter' },
  { fr: 'Voyage', de: 'Reise' },
  { fr: 'Femme', de: 'Frau' },
  { fr: 'Homme', de: 'Mann' },
];
const QUALIFIERS: Pair[] = [
  { fr: '', de: '' },
  { fr: '', de: '' },
  { fr: 'Plus', de: 'Plus' },
  { fr: 'Forte', de: 'Forte' },
  { fr: 'Express', de: 'Express' },
  { fr: 'Duo', de: 'Duo' },
  { fr: 'Max', de: 'Max' },
  { fr: 'Complexe', de: 'Komplex' },
  { fr: 'Intense', de: 'Intensiv' },
  { fr: 'Junior', de: 'Junior' },
  { fr: 'Senior', de: 'Senior' },
  { fr: 'Nuit', de: 'Nacht' },
  { fr: 'Jour', de: 'Tag' },
  { fr: 'Essentiel', de: 'Essenziell' },
];

interface Galenic {
  shapes: string[];
  packs: number[];
  /** How a pack is written; `{n}` is the count. */
  pack: Pair;
  dose: Pair;
  usage: Pair;
  liquid?: boolean;
  flavoured?: boolean;
}
const GALENICS: Record<string, Galenic> = {
  gelule: {
    shapes: ['box', 'box', 'bottle'],
    packs: [30, 60, 90],
    pack: { fr: '{n} gélules', de: '{n} Kapseln' },
    dose: { fr: '1 gélule', de: '1 Kapsel' },
    usage: {
      fr: 'Prendre 1 gélule par jour avec un grand verre d’eau, de préférence au cours du repas.',
      de: 'Täglich 1 Kapsel mit einem grossen Glas Wasser einnehmen, vorzugsweise zu einer Mahlzeit.',
    },
  },
  comprime: {
    shapes: ['box', 'box', 'tube', 'bottle'],
    packs: [20, 30, 60, 90],
    pack: { fr: '{n} comprimés', de: '{n} Tabletten' },
    dose: { fr: '2 comprimés', de: '2 Tabletten' },
    usage: {
      fr: 'Prendre 2 comprimés par jour, à avaler avec un verre d’eau.',
      de: 'Täglich 2 Tabletten mit einem Glas Wasser schlucken.',
    },
  },
  capsule_molle: {
    shapes: ['box', 'bottle'],
    packs: [30, 60, 120],
    pack: { fr: '{n} capsules', de: '{n} Weichkapseln' },
    dose: { fr: '2 capsules', de: '2 Weichkapseln' },
    usage: {
      fr: 'Prendre 2 capsules par jour au cours d’un repas.',
      de: 'Täglich 2 Weichkapseln zu einer Mahlzeit einnehmen.',
    },
  },
  poudre: {
    shapes: ['jar'],
    packs: [240, 300, 450],
    pack: { fr: 'pot de {n} g', de: 'Dose à {n} g' },
    dose: { fr: '1 dosette (10 g)', de: '1 Messlöffel (10 g)' },
    usage: {
      fr: 'Diluer 1 dosette dans 200 ml d’eau ou de lait végétal et mélanger.',
      de: '1 Messlöffel in 200 ml Wasser oder Pflanzendrink auflösen und umrühren.',
    },
    flavoured: true,
  },
  sachet: {
    shapes: ['sachet'],
    packs: [7, 14, 21, 30],
    pack: { fr: '{n} sachets', de: '{n} Beutel' },
    dose: { fr: '1 sachet', de: '1 Beutel' },
    usage: {
      fr: 'Verser le contenu d’un sachet dans un verre d’eau, mélanger et boire aussitôt.',
      de: 'Den Inhalt eines Beutels in ein Glas Wasser geben, umrühren und sofort trinken.',
    },
    flavoured: true,
  },
  stick: {
    shapes: ['stick'],
    packs: [10, 14, 20, 30],
    pack: { fr: '{n} sticks', de: '{n} Sticks' },
    dose: { fr: '1 stick', de: '1 Stick' },
    usage: {
      fr: 'Verser le contenu d’un stick directement sur la langue, sans eau.',
      de: 'Den Inhalt eines Sticks direkt auf die Zunge geben, ohne Wasser.',
    },
    flavoured: true,
  },
  ampoule: {
    shapes: ['box'],
    packs: [10, 20, 30],
    pack: { fr: '{n} ampoules', de: '{n} Trinkampullen' },
    dose: { fr: '1 ampoule', de: '1 Trinkampulle' },
    usage: {
      fr: 'Boire 1 ampoule par jour, pure ou diluée dans un verre d’eau.',
      de: 'Täglich 1 Trinkampulle pur oder in einem Glas Wasser verdünnt trinken.',
    },
    liquid: true,
    flavoured: true,
  },
  sirop: {
    shapes: ['bottle'],
    packs: [125, 150, 250],
    pack: { fr: 'flacon de {n} ml', de: 'Flasche à {n} ml' },
    dose: { fr: '10 ml', de: '10 ml' },
    usage: {
      fr: 'Prendre 10 ml par jour à l’aide du gobelet doseur. Bien agiter avant emploi.',
      de: 'Täglich 10 ml mit dem Messbecher einnehmen. Vor Gebrauch gut schütteln.',
    },
    liquid: true,
    flavoured: true,
  },
  gomme: {
    shapes: ['jar'],
    packs: [30, 60],
    pack: { fr: '{n} gommes', de: '{n} Fruchtgummis' },
    dose: { fr: '2 gommes', de: '2 Fruchtgummis' },
    usage: { fr: 'Mâcher 2 gommes par jour.', de: 'Täglich 2 Fruchtgummis kauen.' },
    flavoured: true,
  },
  barre: {
    shapes: ['box'],
    packs: [5, 10],
    pack: { fr: '{n} barres', de: '{n} Riegel' },
    dose: { fr: '1 barre', de: '1 Riegel' },
    usage: {
      fr: 'Consommer 1 barre en collation ou en remplacement d’un repas.',
      de: '1 Riegel als Zwischenmahlzeit oder als Mahlzeitenersatz verzehren.',
    },
    flavoured: true,
  },
  gouttes: {
    shapes: ['bottle'],
    packs: [10, 20, 30],
    pack: { fr: 'flacon de {n} ml', de: 'Flasche à {n} ml' },
    dose: { fr: '5 gouttes', de: '5 Tropfen' },
    usage: {
      fr: 'Prendre 5 gouttes par jour, pures ou dans une cuillère d’eau.',
      de: 'Täglich 5 Tropfen pur oder auf einem Löffel Wasser einnehmen.',
    },
    liquid: true,
  },
};
const DEFAULT_GALENIC: Galenic = GALENICS.gelule;

const TAGLINES: Pair[] = [
  { fr: 'Votre allié {range} au quotidien', de: 'Ihr täglicher Begleiter für {range}' },
  { fr: 'La formule {range} conseillée en pharmacie', de: 'Die Rezeptur für {range} aus der Apotheke' },
  { fr: 'Une cure ciblée pour retrouver l’équilibre', de: 'Eine gezielte Kur für neues Gleichgewicht' },
  { fr: 'Des actifs sélectionnés par notre laboratoire', de: 'Von unserem Labor ausgewählte Wirkstoffe' },
  { fr: 'Simple à prendre, pensé pour durer', de: 'Einfach einzunehmen, auf Dauer gedacht' },
  { fr: 'Le geste {range} de toute la famille', de: 'Die {range}-Routine für die ganze Familie' },
];
const KNOW: Pair[] = [
  {
    fr: 'Une cure de trois mois permet d’installer de bonnes habitudes.',
    de: 'Eine dreimonatige Kur hilft, gute Gewohnheiten zu verankern.',
  },
  { fr: 'Les besoins en vitamines augmentent en période de stress.', de: 'In Stressphasen steigt der Vitaminbedarf.' },
  {
    fr: 'Boire 1,5 litre d’eau par jour aide le corps à bien fonctionner.',
    de: 'Täglich 1,5 Liter Wasser zu trinken unterstützt die Körperfunktionen.',
  },
  {
    fr: 'Votre pharmacien peut vous aider à choisir la durée de la cure.',
    de: 'Ihre Apotheke hilft Ihnen, die Dauer der Kur zu wählen.',
  },
];
const GOURMET: Pair[] = [
  { fr: 'Servez bien frais avec quelques feuilles de menthe.', de: 'Gut gekühlt mit einigen Minzblättern servieren.' },
  {
    fr: 'Mélangez à un yaourt nature pour un goûter gourmand.',
    de: 'Mit einem Naturjoghurt mischen – ein feiner Zvieri.',
  },
  { fr: 'Ajoutez une pincée de cannelle pour varier les plaisirs.', de: 'Für Abwechslung eine Prise Zimt hinzufügen.' },
];
const FAQS: FaqContent[] = [
  {
    fr: {
      question: 'Puis-je prendre ce produit pendant la grossesse ?',
      answer:
        '<p>Demandez l’avis de votre médecin ou de votre pharmacien avant toute prise pendant la grossesse ou l’allaitement.</p>',
    },
    de: {
      question: 'Kann ich dieses Produkt in der Schwangerschaft einnehmen?',
      answer:
        '<p>Fragen Sie vor der Einnahme in Schwangerschaft oder Stillzeit Ihre Ärztin, Ihren Arzt oder Ihre Apotheke.</p>',
    },
  },
  {
    fr: {
      question: 'Combien de temps dure une cure ?',
      answer: '<p>Une cure dure en général un à trois mois. Elle peut être renouvelée après une pause.</p>',
    },
    de: {
      question: 'Wie lange dauert eine Kur?',
      answer: '<p>Eine Kur dauert in der Regel ein bis drei Monate und kann nach einer Pause wiederholt werden.</p>',
    },
  },
  {
    fr: {
      question: 'Puis-je l’associer à d’autres compléments ?',
      answer:
        '<p>Oui, en veillant à ne pas dépasser les apports journaliers recommandés. Votre pharmacien vous conseille.</p>',
    },
    de: {
      question: 'Kann ich es mit anderen Nahrungsergänzungsmitteln kombinieren?',
      answer: '<p>Ja, sofern die empfohlene Tagesdosis nicht überschritten wird. Ihre Apotheke berät Sie.</p>',
    },
  },
  {
    fr: {
      question: 'Le produit convient-il aux enfants ?',
      answer: '<p>Ce produit est destiné aux adultes, sauf mention contraire sur l’emballage.</p>',
    },
    de: {
      question: 'Ist das Produkt für Kinder geeignet?',
      answer: '<p>Dieses Produkt ist für Erwachsene bestimmt, sofern auf der Packung nichts anderes angegeben ist.</p>',
    },
  },
  {
    fr: {
      question: 'À quel moment de la journée le prendre ?',
      answer: '<p>De préférence le matin, au cours du petit-déjeuner.</p>',
    },
    de: {
      question: 'Zu welcher Tageszeit sollte ich es einnehmen?',
      answer: '<p>Vorzugsweise morgens zum Frühstück.</p>',
    },
  },
];
const LEGAL: Pair = {
  fr: 'Les compléments alimentaires ne remplacent pas une alimentation variée et équilibrée ni un mode de vie sain. Ne pas dépasser la dose journalière recommandée. Tenir hors de portée des jeunes enfants.',
  de: 'Nahrungsergänzungsmittel sind kein Ersatz für eine abwechslungsreiche und ausgewogene Ernährung und eine gesunde Lebensweise. Die empfohlene Tagesdosis darf nicht überschritten werden. Ausserhalb der Reichweite von kleinen Kindern aufbewahren.',
};
const PRECAUTIONS: Pair = {
  fr: 'Déconseillé aux femmes enceintes ou allaitantes sans avis médical. Ne pas utiliser en cas d’allergie à l’un des composants.',
  de: 'Für Schwangere und Stillende nur nach ärztlichem Rat. Bei Allergie gegen einen der Bestandteile nicht verwenden.',
};
const CONSERVATION: Pair = {
  fr: 'À conserver dans un endroit sec, à température ambiante, à l’abri de la lumière.',
  de: 'Trocken, bei Raumtemperatur und vor Licht geschützt lagern.',
};
const RECOMMENDATION: Pair = {
  fr: 'À associer à une alimentation variée et à une activité physique régulière.',
  de: 'In Verbindung mit einer abwechslungsreichen Ernährung und regelmässiger Bewegung.',
};
const PUSH_BACKGROUNDS = ['#e6eef8', '#f6efe6', '#eaf5ee', '#f7e9ef'];

// ---------------------------------------------------------------------------------------------------
// Generation (pure)

export function generatedReference(index: number): string {
  return `${GENERATED_PREFIX}${String(index).padStart(6, '0')}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** EAN-13 with a valid check digit (GS1 prefix 764, Switzerland). */
function ean13(index: number): string {
  const body = `7649${String(index).padStart(8, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

/** A shelf price: whole francs and 90 centimes. */
const chf = (n: number) => Math.max(4.9, Math.floor(n) + 0.9);

interface VocabEntry {
  key: string;
  fr: string;
  de: string;
  extra: Record<string, unknown>;
}

function vocabulary(vocabularies: VocabularyContent, kind: string): VocabEntry[] {
  return Object.entries(vocabularies[kind] ?? {}).map(([key, entry]) => ({
    key,
    fr: String(entry.fr ?? key),
    de: String(entry.de ?? entry.fr ?? key),
    extra: entry,
  }));
}

/** "Vitamine B9 (folate)" → "Vitamine B9" for a product name. */
const shortLabel = (label: string) => label.replace(/\s*\([^)]*\)/g, '').trim();
/** "Vitamine C" → "vitamine C", "Oméga-3" → "oméga-3"; acronyms ("DHA") stay. */
const inSentence = (label: string) => (/^\p{Lu}\p{Ll}/u.test(label) ? label[0].toLowerCase() + label.slice(1) : label);
const list = (items: string[], and: string) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}` : (items[0] ?? '');
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** `count` products, deterministic for a given `seed`. */
export function generateProducts(count: number, reference: GeneratorReference, seed = 1): ProductContent[] {
  const galenics = vocabulary(reference.vocabularies, 'galenic_format');
  const flavours = vocabulary(reference.vocabularies, 'flavour');
  const colours = vocabulary(reference.vocabularies, 'color');
  const diners = vocabulary(reference.vocabularies, 'diner_type');
  const ingredients = vocabulary(reference.vocabularies, 'active_ingredient');
  const labels = vocabulary(reference.vocabularies, 'labels');
  if (!reference.brands.length || !galenics.length)
    throw new Error('generator: the content pack has no brands or galenic formats');

  const taken: Record<Locale, Set<string>> = {
    fr: new Set(reference.takenSlugs?.fr ?? []),
    de: new Set(reference.takenSlugs?.de ?? []),
  };
  const uniqueSlug = (locale: Locale, base: string) => {
    let slug = base;
    for (let n = 2; taken[locale].has(slug); n++) slug = `${base}-${n}`;
    taken[locale].add(slug);
    return slug;
  };
  // A product may be a bigger pack of the one before it: same identity, next pack size, one
  // packaging group. Decided per index, so any product can tell which group it belongs to.
  const isBiggerPack = (index: number) => index > 1 && index <= count && new Random(seed, index, 1).chance(0.15);
  const firstOfGroup = (index: number) => {
    let first = index;
    while (isBiggerPack(first)) first--;
    return first;
  };

  const products: ProductContent[] = [];
  for (let index = 1; index <= count; index++) {
    const base = firstOfGroup(index);
    const step = index - base;
    const rnd = new Random(seed, base);
    const own = new Random(seed, index, 2);

    // Identity (shared by a packaging group): brand, range, galenic form, actives, look.
    const brand = rnd.pick(reference.brands);
    const galenic = rnd.pick(galenics);
    const form = GALENICS[galenic.key] ?? DEFAULT_GALENIC;
    const actives = rnd.some(ingredients, 1, 4);
    const byIngredient = rnd.chance(0.25);
    const range = byIngredient ? { fr: shortLabel(actives[0].fr), de: shortLabel(actives[0].de) } : rnd.pick(RANGES);
    const qualifier = rnd.pick(QUALIFIERS);
    const colour = colours.length ? rnd.pick(colours) : undefined;
    const shape = rnd.pick(form.shapes);
    const flavour = form.flavoured && flavours.length && rnd.chance(0.8) ? rnd.pick(flavours) : undefined;
    const insudiet = brand.key === 'insudiet';
    const productLabels = rnd.some(labels, 0, 3);
    const expertiseKeys = rnd.some(reference.expertises, 1, 2);
    const needKeys = rnd.some(reference.needs, 1, 2);
    const basePrice = chf(9 + rnd.float() * 60);
    const packAt = rnd.int(0, form.packs.length - 1) + step;
    const last = form.packs.length - 1;
    const pack = form.packs[Math.min(last, packAt)] * 2 ** Math.max(0, packAt - last);
    const grouped = step > 0 || isBiggerPack(index + 1);
    const packaging = grouped ? generatedReference(base).toLowerCase() : null;
    const unitPrice = chf(basePrice * (1 + 0.8 * step));
    const reference_ = generatedReference(index);

    const names: Pair = { fr: '', de: '' };
    const texts: ProductContent['texts'] = {};
    for (const locale of LOCALES) {
      const name = [brand.name[locale], range[locale], qualifier[locale]].filter(Boolean).join(' ');
      names[locale] = name;
      const packLabel = fill(form.pack[locale], { n: String(pack) });
      // French writes common nouns in lower case inside a sentence ("à base de vitamine C").
      const activeList = list(
        actives.map((a) => (locale === 'fr' ? inSentence(a.fr) : a.de)),
        locale === 'fr' ? 'et' : 'und',
      );
      const slug = uniqueSlug(locale, slugify(`${name} ${packLabel}`));
      const days = Math.max(7, Math.min(90, pack));
      texts[locale] = {
        name,
        slug,
        meta_description: (locale === 'fr'
          ? `${name} (${packLabel}) : complément alimentaire à base de ${activeList}. Conseils et points de vente en pharmacie.`
          : `${name} (${packLabel}): Nahrungsergänzungsmittel mit ${activeList}. Beratung und Verkaufsstellen in der Apotheke.`
        ).slice(0, 250),
        tagline: fill(rnd.pick(TAGLINES)[locale], { range: range[locale].toLowerCase() }),
        legal_denomination:
          locale === 'fr'
            ? `Complément alimentaire à base de ${activeList}.`
            : `Nahrungsergänzungsmittel mit ${activeList}.`,
        description:
          locale === 'fr'
            ? `<p>${name} est une formule à base de ${activeList}, développée par notre laboratoire. ${form.dose.fr} par jour suffit.</p><ul>${actives.map((a) => `<li>${a.fr}</li>`).join('')}</ul>`
            : `<p>${name} ist eine Rezeptur mit ${activeList}, entwickelt von unserem Labor. ${form.dose.de} pro Tag genügt.</p><ul>${actives.map((a) => `<li>${a.de}</li>`).join('')}</ul>`,
        intro_text:
          locale === 'fr'
            ? `La formule ${range.fr.toLowerCase()} de la gamme ${brand.name.fr}.`
            : `Die ${range.de}-Rezeptur des ${brand.name.de}-Sortiments.`,
        marketing_description:
          locale === 'fr'
            ? `Un format ${packLabel} pratique au quotidien.`
            : `Eine praktische Packung mit ${packLabel}.`,
        legal_notices: LEGAL[locale],
        usage_instructions: `<p>${form.usage[locale]}</p>`,
        ingredients: `<p>${actives.map((a) => (locale === 'fr' ? inSentence(a.fr) : a.de)).join(', ')}${locale === 'fr' ? ', agent de charge : cellulose microcristalline, antiagglomérant : sels de magnésium d’acides gras.' : ', Füllstoff: mikrokristalline Cellulose, Trennmittel: Magnesiumsalze von Speisefettsäuren.'}</p>`,
        precautions__use: PRECAUTIONS[locale],
        conservation: CONSERVATION[locale],
        recommandation: RECOMMENDATION[locale],
        duration: locale === 'fr' ? `Cure de ${days} jours` : `Kur für ${days} Tage`,
        weight: form.liquid ? null : `${Math.round(pack * (form.packs[0] > 100 ? 1 : 0.6))} g`,
        volume: form.liquid ? `${pack} ml` : null,
        gourmet_advice: flavour ? rnd.pick(GOURMET)[locale] : null,
        do_you_know: rnd.pick(KNOW)[locale],
        packaging_label: packLabel,
      };
    }

    const caracteristics: ProductCaracteristics = {
      galenic_format: galenic.key,
      flavour: flavour?.key ?? null,
      color: colour?.key ?? null,
      diner_type: insudiet && diners.length ? rnd.pick(diners).key : null,
      labels: productLabels.map((l) => l.key),
      active_ingredient: actives.map((a) => a.key),
      not_sold_in_store: own.chance(0.05),
      case_to_recycle: own.chance(0.5) ? 'on' : null,
      embed_push_video: null,
      units_ufc: actives.some((a) => /^(lactobacillus|bifidobacterium|streptococcus)/.test(a.key))
        ? rnd.pick([5, 10, 20])
        : null,
    };

    const promoted = own.chance(0.08);
    const discounted = own.chance(0.12);
    const volumeDiscounts: VolumeDiscount[] = own.chance(0.2)
      ? [
          { quantity_min: 2, quantity_max: 4, price: chf(unitPrice * 0.93) },
          { quantity_min: 4, quantity_max: 100, price: chf(unitPrice * 0.86) },
        ]
      : [];
    const isNew = own.chance(0.1);
    const newFrom = new Date(Date.UTC(2025, own.int(0, 23), own.int(1, 28)));
    const newTo = new Date(newFrom.getTime() + own.int(90, 240) * 86_400_000);
    const isFree = own.chance(0.005);

    products.push({
      reference: reference_,
      ean: ean13(index),
      brand: brand.key,
      product_type: insudiet ? 'insudiet' : 'standard',
      expertises: expertiseKeys,
      needs: needKeys,
      published: own.chance(0.97),
      sales_plans: ['default'],
      price: isFree ? 0 : unitPrice,
      original_price: discounted && !isFree ? chf(unitPrice * 1.25) : null,
      volume_discounts: isFree ? [] : volumeDiscounts,
      is_new_from: isNew ? newFrom.toISOString().slice(0, 10) : null,
      is_new_to: isNew ? newTo.toISOString().slice(0, 10) : null,
      is_new_formulae: isNew && own.chance(0.3),
      promoted,
      is_free: isFree,
      position: 1000 + index,
      packaging_group: packaging,
      // Earlier generated products only: each slice is loaded before the next one refers to it.
      associates: index > 1 ? own.some(range1(Math.max(1, index - 25), index - 1), 0, 3).map(generatedReference) : [],
      image: {
        shape: shape as ProductContent['image']['shape'],
        color: typeof colour?.extra.hex === 'string' ? colour.extra.hex : '#5b6b7a',
      },
      // Built from the vocabularies with the schema's shapes (the generator's spec parses its output).
      caracteristics: caracteristics as ProductContent['caracteristics'],
      documents: own.chance(0.3)
        ? [
            {
              type: 'pdf',
              title: { fr: 'Fiche produit', de: 'Produktblatt' },
              file: `fiche-${reference_.toLowerCase()}.pdf`,
            },
          ]
        : [],
      nutrition: own.chance(0.4) ? (nutritionTable(actives, form, own) as ProductContent['nutrition']) : null,
      push_promote: own.chance(0.03) ? (pushPromote(names, own) as ProductContent['push_promote']) : null,
      texts,
      faqs: own.some(FAQS, 0, 3),
    });
  }
  return products;
}

function range1(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

function nutritionTable(actives: VocabEntry[], form: Galenic, rnd: Random): NutritionTable {
  const compounds: NutritionCompound[] = actives.map((a) => {
    const microgram = /vitamine_(b9|b12|d3|k2)|biotine|selenium|iode|chrome/.test(a.key);
    return {
      name: a.key,
      label: { fr: a.fr, de: a.de },
      unit: microgram ? 'µg' : 'mg',
      values: {
        dose: String(rnd.int(1, microgram ? 200 : 500)),
        vnr: rnd.chance(0.6) ? String(rnd.int(15, 100)) : '-',
      },
      children: [],
    };
  });
  const dose = { fr: `Pour ${form.dose.fr}`, de: `Pro ${form.dose.de}` };
  return {
    quantity: dose,
    quantity_value: (/\d+/.exec(form.dose.fr) ?? ['1'])[0],
    columns: [
      { key: 'dose', label: dose, sub_columns: [] },
      { key: 'vnr', label: { fr: '% VNR', de: '% NRV' }, sub_columns: [] },
    ],
    compounds,
    mentions: ['vnr1'],
  };
}

function pushPromote(names: Pair, rnd: Random): PushPromote {
  return {
    fr: {
      text: `Découvrez ${names.fr} et demandez conseil à votre pharmacien.`,
      label_link: 'Trouver une pharmacie',
      url_link: '/conseil',
    },
    de: {
      text: `Entdecken Sie ${names.de} und lassen Sie sich in Ihrer Apotheke beraten.`,
      label_link: 'Apotheke finden',
      url_link: '/ratschlag',
    },
    background: rnd.pick(PUSH_BACKGROUNDS),
    packshot: true,
  };
}

/** Reference data of the content pack, in the generator's shape. */
export function generatorReference(dir = contentDir()): GeneratorReference {
  const content = loadCatalogue(dir);
  if (!content) throw new Error(`generator: no content pack under ${dir}`);
  const nameOf = (brand: BrandContent, locale: Locale) => brand.texts[locale]?.name ?? brand.name;
  return {
    brands: content.brands.map((b) => ({ key: b.key, name: { fr: nameOf(b, 'fr'), de: nameOf(b, 'de') } })),
    expertises: content.expertises.map((e) => e.key),
    needs: content.needs.map((n) => n.key),
    vocabularies: content.vocabularies,
  };
}

// ---------------------------------------------------------------------------------------------------
// Loading

/**
 * Inserts or updates `count` generated products in one transaction. Loads the content pack first
 * when the database has no brands yet (the generated products refer to its brands, expertises, needs
 * and sales plans).
 */
export async function generateContent(
  db: Database,
  options: { count: number; seed?: number; dir?: string },
): Promise<GenerateResult> {
  const started = Date.now();
  const dir = options.dir ?? contentDir();
  const brands = await db
    .selectFrom('brand')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(brands.n) === 0) await seedAll(db, dir);

  const reference = generatorReference(dir);
  const others = await db
    .selectFrom('product_translation')
    .innerJoin('product', 'product.id', 'product_translation.product_id')
    .select(['product_translation.locale', 'product_translation.slug'])
    .where('product.reference', 'not like', `${GENERATED_PREFIX}%`)
    .execute();
  reference.takenSlugs = { fr: new Set(), de: new Set() };
  for (const row of others) reference.takenSlugs[row.locale as Locale]?.add(row.slug);

  const products = generateProducts(options.count, reference, options.seed);
  await db.transaction().execute(async (trx) => {
    // Slugs of generated products beyond this run's count would collide with renumbered ones.
    await deleteGenerated(trx, generatedReference(options.count));
    for (let i = 0; i < products.length; i += SLICE) await upsertProducts(trx, products.slice(i, i + SLICE));
  });
  await refreshDerivedData(db);
  return { products: products.length, ms: Date.now() - started };
}

/** Deletes every generated product (GEN-*) and what hangs off it. */
export async function removeGeneratedProducts(db: Database): Promise<GenerateResult> {
  const started = Date.now();
  const removed = await db.transaction().execute((trx) => deleteGenerated(trx));
  await refreshDerivedData(db);
  return { products: removed, ms: Date.now() - started };
}

/** Generated products (all, or those numbered above `above`), their links and slug history. */
async function deleteGenerated(trx: Transaction<DB>, above?: string): Promise<number> {
  const generated = trx
    .selectFrom('product')
    .select('id')
    .where('reference', 'like', `${GENERATED_PREFIX}%`)
    .$if(above !== undefined, (q) => q.where('reference', '>', above as string));
  // Links first, in one statement: the cascade from `product` would look each one up by
  // associate_id, which has no index of its own (minutes for 10,000 products instead of seconds).
  await trx
    .deleteFrom('product_associate')
    .where((eb) => eb.or([eb('product_id', 'in', generated), eb('associate_id', 'in', generated)]))
    .execute();
  await trx
    .deleteFrom('slug_history')
    .where('entity_type', '=', 'product')
    .where('entity_id', 'in', generated)
    .execute();
  const result = await trx.deleteFrom('product').where('id', 'in', generated).executeTakeFirst();
  return Number(result.numDeletedRows);
}
