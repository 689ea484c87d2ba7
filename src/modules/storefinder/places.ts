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

/**
 * The locality an address names, for the offline search (the box promises "address, postcode or
 * locality"): "Bahnhofstrasse 1 8001 Zürich" → 8001 Zürich, "Rue de Bourg 10, Lausanne" → Lausanne,
 * "Rue de Bourg 10 1003" → 1003, "Seestrasse 5 Küsnacht" → Küsnacht. Best guess first; none when the
 * text is no address (it has no house number or postcode beside words).
 */
export function localityCandidates(text: string): Array<{ postcode?: string; name?: string }> {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!/[0-9]/.test(clean) || !/\p{L}/u.test(clean)) return [];
  const candidates: Array<{ postcode?: string; name?: string }> = [];
  const add = (c: { postcode?: string; name?: string }) => {
    const name = c.name?.replace(/^[\s,.-]+|[\s,.-]+$/g, '');
    const next = { ...(c.postcode ? { postcode: c.postcode } : {}), ...(name ? { name } : {}) };
    if ((next.postcode || (next.name && next.name.length >= 2)) && !candidates.some((x) => sameCandidate(x, next)))
      candidates.push(next);
  };
  // A Swiss postcode (four digits, not a house number's "10a"), then the locality after it if any.
  const postcode = /(?:^|[\s,])([1-9][0-9]{3})(?=$|[\s,])(?:\s+([^,0-9][^,]*))?/u.exec(clean);
  if (postcode) {
    add({ postcode: postcode[1], name: postcode[2] });
    add({ postcode: postcode[1] });
  }
  // Comma-separated parts without digits: the locality is usually the last.
  const parts = clean.split(',').map((p) => p.trim());
  if (parts.length > 1) for (const part of parts.reverse()) if (!/[0-9]/.test(part)) add({ name: part });
  // No comma: the words after the last number ("Seestrasse 5 Küsnacht").
  const tail = /[0-9]+[a-z]?\s+([^0-9,]+)$/iu.exec(clean);
  if (tail) add({ name: tail[1] });
  return candidates;
}

const sameCandidate = (a: { postcode?: string; name?: string }, b: { postcode?: string; name?: string }) =>
  a.postcode === b.postcode && (a.name ?? '') === (b.name ?? '');
