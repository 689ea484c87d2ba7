/**
 * Swiss place names as visitors type them. The official directory writes each locality in its own
 * language ("Genève", "Basel", "Biel/Bienne"); French and German speakers also use the other
 * language's name. These are the common ones: typing either finds the official locality.
 */
import { foldText } from '../../../contracts/text';

const OTHER_NAMES: Record<string, string> = {
  genf: 'Genève',
  geneve: 'Genève',
  bale: 'Basel',
  berne: 'Bern',
  fribourg: 'Fribourg',
  freiburg: 'Fribourg',
  neuenburg: 'Neuchâtel',
  sitten: 'Sion',
  siders: 'Sierre',
  lucerne: 'Luzern',
  soleure: 'Solothurn',
  morat: 'Murten',
  coire: 'Chur',
  'saint-gall': 'St. Gallen',
  'st-gall': 'St. Gallen',
  schaffhouse: 'Schaffhausen',
  thoune: 'Thun',
  delsberg: 'Delémont',
  pruntrut: 'Porrentruy',
  zurich: 'Zürich',
  winterthour: 'Winterthur',
  'la neuveville': 'La Neuveville',
  neuenstadt: 'La Neuveville',
  welschenrohr: 'Welschenrohr-Gänsbrunnen',
  tessin: 'Bellinzona',
  lauis: 'Lugano',
  granges: 'Grenchen',
  'saint-maurice': 'St-Maurice',
  'saint-moritz': 'St. Moritz',
  'st-moritz': 'St. Moritz',
  martinach: 'Martigny',
  vivis: 'Vevey',
  milden: 'Moudon',
  peterlingen: 'Payerne',
  wiflisburg: 'Avenches',
  iferten: 'Yverdon-les-Bains',
  losanna: 'Lausanne',
  ginevra: 'Genève',
  basilea: 'Basel',
  lucerna: 'Luzern',
  zurigo: 'Zürich',
};

/** How names are compared: lower case, accents dropped, runs of spaces as one. */
export const fold = foldText;

/** The official names a typed (start of a) name may mean besides itself. */
export function otherNames(typed: string): string[] {
  const folded = fold(typed);
  if (folded.length < 3) return [];
  return [
    ...new Set(
      Object.entries(OTHER_NAMES)
        .filter(([name]) => name.startsWith(folded))
        .map(([, official]) => official),
    ),
  ];
}

/** What a search text asks for: a postcode, a name, or "1003 Lausanne" (both, as the box fills it). */
export function parsePlaceQuery(text: string): { postcode?: string; name?: string } {
  const clean = text.replace(/\s+/g, ' ').trim();
  const both = /^([0-9]{4}) (.+)$/.exec(clean);
  if (both) return { postcode: both[1], name: both[2] };
  if (/^[0-9]{1,4}$/.test(clean)) return { postcode: clean };
  return clean ? { name: clean } : {};
}
