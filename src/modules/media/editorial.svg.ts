import { mix, parseColour, toHex, type Rgb } from './svg-kit';

/**
 * Pictures of editorial pages (content/editorial/FORMAT.md "Pictures"): a motif drawn flat in a
 * palette, on a soft background of the same hue with a few quiet shapes. No people, no text.
 * Deterministic: the same motif, palette and size give the same bytes. The motif sits in the right
 * part of wide pictures (the cover's title is printed over the left and bottom), centred otherwise.
 */

/** Colours of the palettes: the catalogue's colour vocabulary and the brand colours. */
export const PALETTE_COLOURS: Record<string, string> = {
  blue: '#1f5fa8',
  navy: '#1b2a5c',
  green: '#2e8b57',
  teal: '#0b7a75',
  red: '#c0392b',
  orange: '#e2761b',
  purple: '#6a3d9a',
  yellow: '#d4a017',
  pink: '#c2185b',
  brown: '#7b4a2e',
  grey: '#8a8f98',
  lactibiane: '#0b7a75',
  insudiet: '#e2761b',
  formag: '#6a3d9a',
  noctalyne: '#2b3a8c',
  articoria: '#c0392b',
  cardiomer: '#1f5fa8',
  immunalpes: '#d4a017',
  eclatia: '#c2185b',
};

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };
const WARM: Rgb = { r: 255, g: 196, b: 92 };

interface Shades {
  main: string;
  dark: string;
  light: string;
  pale: string;
  accent: string;
  white: string;
}

function shades(palette: string): Shades {
  const c = parseColour(PALETTE_COLOURS[palette] ?? palette);
  return {
    main: toHex(c),
    dark: toHex(mix(c, BLACK, 0.3)),
    light: toHex(mix(c, WHITE, 0.45)),
    pale: toHex(mix(c, WHITE, 0.78)),
    accent: toHex(mix(WARM, c, 0.25)),
    white: '#ffffff',
  };
}

/** Each motif in a 100 x 100 box. */
type Motif = (s: Shades) => string;

const capsule = (x: number, y: number, w: number, h: number, angle: number, a: string, b: string) =>
  `<g transform="rotate(${angle} ${x + w / 2} ${y + h / 2})"><rect x="${x}" y="${y}" width="${w / 2 + h / 2}" height="${h}" rx="${h / 2}" fill="${a}"/>` +
  `<rect x="${x + w / 2 - h / 2}" y="${y}" width="${w / 2 + h / 2}" height="${h}" rx="${h / 2}" fill="${b}"/>` +
  `<rect x="${x + w / 2 - 1}" y="${y}" width="2" height="${h}" fill="${a}"/></g>`;

const leaf = (cx: number, cy: number, rx: number, ry: number, angle: number, fill: string, vein: string) =>
  `<g transform="rotate(${angle} ${cx} ${cy})"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>` +
  `<path d="M${cx - rx * 0.85} ${cy} L${cx + rx * 0.85} ${cy}" stroke="${vein}" stroke-width="1.2" stroke-linecap="round"/></g>`;

const star = (x: number, y: number, r: number, fill: string) =>
  `<path d="M${x} ${y - r} L${x + r * 0.3} ${y - r * 0.3} L${x + r} ${y} L${x + r * 0.3} ${y + r * 0.3} L${x} ${y + r} L${x - r * 0.3} ${y + r * 0.3} L${x - r} ${y} L${x - r * 0.3} ${y - r * 0.3} Z" fill="${fill}"/>`;

export const MOTIF_DRAWINGS: Record<string, Motif> = {
  microbiome: (s) =>
    `<circle cx="50" cy="50" r="40" fill="${s.pale}"/>` +
    capsule(22, 30, 30, 12, -25, s.main, s.main) +
    capsule(48, 52, 34, 13, 20, s.dark, s.dark) +
    capsule(30, 62, 22, 10, 60, s.light, s.light) +
    `<circle cx="66" cy="30" r="7" fill="${s.accent}"/><circle cx="28" cy="48" r="4" fill="${s.dark}"/>` +
    `<circle cx="72" cy="74" r="4" fill="${s.main}"/><circle cx="56" cy="40" r="3" fill="${s.light}"/>`,
  capsules: (s) =>
    capsule(18, 38, 52, 20, -30, s.main, s.white) +
    capsule(36, 48, 50, 19, 25, s.dark, s.accent) +
    `<circle cx="26" cy="74" r="8" fill="${s.light}"/><circle cx="76" cy="26" r="6" fill="${s.light}"/>`,
  leaves: (s) =>
    `<path d="M50 92 C50 70 48 45 55 10" stroke="${s.dark}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    leaf(36, 70, 16, 7, -30, s.main, s.pale) +
    leaf(66, 58, 17, 7, 30, s.light, s.white) +
    leaf(38, 42, 15, 6.5, -40, s.light, s.white) +
    leaf(66, 30, 14, 6, 35, s.main, s.pale) +
    leaf(52, 14, 9, 5, -80, s.main, s.pale),
  citrus: (s) =>
    `<circle cx="50" cy="52" r="38" fill="${s.accent}"/><circle cx="50" cy="52" r="33" fill="${s.white}"/>` +
    `<circle cx="50" cy="52" r="30" fill="${s.light}"/>` +
    Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4;
      return `<line x1="50" y1="52" x2="${(50 + 30 * Math.cos(a)).toFixed(2)}" y2="${(52 + 30 * Math.sin(a)).toFixed(2)}" stroke="${s.white}" stroke-width="2.5"/>`;
    }).join('') +
    `<circle cx="50" cy="52" r="4" fill="${s.white}"/>` +
    leaf(72, 14, 10, 5, -25, s.main, s.pale),
  berries: (s) =>
    leaf(62, 22, 14, 6, -20, s.main, s.pale) +
    [
      [40, 46, 13],
      [62, 50, 12],
      [50, 66, 13],
      [30, 68, 11],
      [70, 72, 10],
    ]
      .map(
        ([x, y, r]) =>
          `<circle cx="${x}" cy="${y}" r="${r}" fill="${s.dark}"/><circle cx="${x - r / 3}" cy="${y - r / 3}" r="${r / 4}" fill="${s.light}"/>`,
      )
      .join(''),
  grains: (s) =>
    `<path d="M50 94 L50 14" stroke="${s.dark}" stroke-width="2.5" stroke-linecap="round"/>` +
    Array.from({ length: 5 }, (_, i) => {
      const y = 22 + i * 13;
      return leaf(41, y, 9, 4.5, -35, s.accent, s.white) + leaf(59, y, 9, 4.5, 35, s.accent, s.white);
    }).join('') +
    leaf(50, 12, 7, 4, 90, s.accent, s.white),
  moon: (s) =>
    `<circle cx="46" cy="50" r="32" fill="${s.accent}"/><circle cx="60" cy="40" r="28" fill="${s.pale}"/>` +
    star(76, 66, 6, s.main) +
    star(70, 18, 4, s.main) +
    star(24, 20, 3.5, s.dark),
  heart: (s) =>
    `<path d="M50 84 C20 62 10 44 18 30 C26 16 44 18 50 32 C56 18 74 16 82 30 C90 44 80 62 50 84 Z" fill="${s.main}"/>` +
    `<path d="M14 52 L34 52 L40 40 L48 64 L56 46 L60 52 L86 52" stroke="${s.white}" stroke-width="3.5" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`,
  joints: (s) =>
    `<rect x="40" y="8" width="20" height="40" rx="10" fill="${s.light}"/>` +
    `<rect x="40" y="54" width="20" height="40" rx="10" fill="${s.light}"/>` +
    `<circle cx="50" cy="51" r="14" fill="${s.main}"/><circle cx="50" cy="51" r="6" fill="${s.pale}"/>` +
    `<path d="M28 40 A24 24 0 0 0 28 62 M72 40 A24 24 0 0 1 72 62" stroke="${s.accent}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  muscle: (s) =>
    `<rect x="22" y="46" width="56" height="8" rx="4" fill="${s.dark}"/>` +
    `<rect x="10" y="30" width="12" height="40" rx="4" fill="${s.main}"/><rect x="78" y="30" width="12" height="40" rx="4" fill="${s.main}"/>` +
    `<rect x="4" y="38" width="7" height="24" rx="3" fill="${s.light}"/><rect x="89" y="38" width="7" height="24" rx="3" fill="${s.light}"/>` +
    `<path d="M52 14 L42 32 L52 32 L46 46" stroke="${s.accent}" stroke-width="3.5" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`,
  sun: (s) =>
    Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      const p = (r: number) => `${(50 + r * Math.cos(a)).toFixed(2)} ${(50 + r * Math.sin(a)).toFixed(2)}`;
      return `<path d="M${p(30)} L${p(44)}" stroke="${s.accent}" stroke-width="4" stroke-linecap="round"/>`;
    }).join('') +
    `<circle cx="50" cy="50" r="22" fill="${s.accent}"/><circle cx="50" cy="50" r="15" fill="${s.white}" opacity="0.35"/>`,
  water: (s) =>
    `<path d="M50 10 C62 30 74 44 74 60 A24 24 0 0 1 26 60 C26 44 38 30 50 10 Z" fill="${s.main}"/>` +
    `<path d="M38 60 A12 12 0 0 0 48 72" stroke="${s.white}" stroke-width="3.5" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="50" cy="92" rx="34" ry="4" fill="${s.light}"/>`,
  flower: (s) =>
    Array.from(
      { length: 6 },
      (_, i) =>
        `<ellipse cx="50" cy="28" rx="11" ry="20" fill="${i % 2 ? s.light : s.main}" transform="rotate(${i * 60} 50 50)"/>`,
    ).join('') + `<circle cx="50" cy="50" r="11" fill="${s.accent}"/>`,
  shield: (s) =>
    `<path d="M50 8 L84 20 L84 46 C84 68 68 84 50 92 C32 84 16 68 16 46 L16 20 Z" fill="${s.main}"/>` +
    `<path d="M50 16 L76 25 L76 46 C76 63 64 76 50 83 Z" fill="${s.dark}" opacity="0.35"/>` +
    `<path d="M34 50 L46 62 L68 38" stroke="${s.white}" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  lab: (s) =>
    `<path d="M40 10 L60 10 M43 10 L43 38 L20 82 A6 6 0 0 0 26 90 L74 90 A6 6 0 0 0 80 82 L57 38 L57 10" stroke="${s.dark}" stroke-width="3.5" fill="${s.white}" stroke-linejoin="round"/>` +
    `<path d="M30 64 L70 64 L78 82 A5 5 0 0 1 73 88 L27 88 A5 5 0 0 1 22 82 Z" fill="${s.main}"/>` +
    `<circle cx="44" cy="76" r="3.5" fill="${s.light}"/><circle cx="56" cy="72" r="2.5" fill="${s.light}"/><circle cx="52" cy="54" r="3" fill="${s.accent}"/>`,
  mountains: (s) =>
    `<circle cx="74" cy="24" r="10" fill="${s.accent}"/>` +
    `<path d="M4 88 L38 28 L72 88 Z" fill="${s.main}"/><path d="M38 28 L48 46 L42 42 L36 48 L30 42 Z" fill="${s.white}"/>` +
    `<path d="M40 88 L68 42 L96 88 Z" fill="${s.dark}"/><path d="M68 42 L76 56 L70 52 L64 57 L60 55 Z" fill="${s.white}"/>`,
  family: (s) =>
    `<path d="M14 50 L50 18 L86 50 L86 90 L14 90 Z" fill="${s.main}"/><path d="M8 52 L50 14 L92 52" stroke="${s.dark}" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M50 80 C36 70 32 62 36 55 C40 48 48 50 50 56 C52 50 60 48 64 55 C68 62 64 70 50 80 Z" fill="${s.white}"/>`,
  travel: (s) =>
    `<rect x="38" y="16" width="24" height="14" rx="5" fill="none" stroke="${s.dark}" stroke-width="4"/>` +
    `<rect x="16" y="28" width="68" height="54" rx="8" fill="${s.main}"/>` +
    `<rect x="30" y="28" width="6" height="54" fill="${s.dark}"/><rect x="64" y="28" width="6" height="54" fill="${s.dark}"/>` +
    `<circle cx="50" cy="52" r="8" fill="${s.accent}"/><circle cx="26" cy="88" r="4" fill="${s.dark}"/><circle cx="74" cy="88" r="4" fill="${s.dark}"/>`,
  sport: (s) =>
    `<rect x="44" y="8" width="12" height="8" rx="2" fill="${s.dark}"/><circle cx="50" cy="54" r="36" fill="${s.main}"/>` +
    `<circle cx="50" cy="54" r="28" fill="${s.white}"/>` +
    `<path d="M50 54 L50 32 M50 54 L64 62" stroke="${s.dark}" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M50 26 A28 28 0 0 1 78 54 L50 54 Z" fill="${s.accent}" opacity="0.6"/><circle cx="50" cy="54" r="4" fill="${s.dark}"/>`,
  sleep: (s) =>
    `<circle cx="40" cy="46" r="26" fill="${s.accent}"/><circle cx="52" cy="38" r="24" fill="${s.pale}"/>` +
    `<path d="M10 84 C10 72 22 68 30 72 C34 62 50 62 54 72 C62 66 76 70 76 82 C86 82 90 92 80 92 L18 92 C8 92 6 86 10 84 Z" fill="${s.light}"/>` +
    `<path d="M66 16 L78 16 L66 28 L78 28 M80 36 L88 36 L80 44 L88 44" stroke="${s.main}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  skin: (s) =>
    `<path d="M6 40 C22 30 36 50 50 40 C64 30 78 50 94 40 L94 92 L6 92 Z" fill="${s.light}"/>` +
    `<path d="M6 58 C22 48 36 68 50 58 C64 48 78 68 94 58 L94 92 L6 92 Z" fill="${s.main}"/>` +
    `<path d="M6 76 C22 66 36 86 50 76 C64 66 78 86 94 76 L94 92 L6 92 Z" fill="${s.dark}"/>` +
    `<path d="M50 8 C56 16 60 21 60 26 A10 10 0 0 1 40 26 C40 21 44 16 50 8 Z" fill="${s.accent}"/>`,
  hair: (s) =>
    [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<path d="M${24 + i * 12} 10 C${14 + i * 12} 34 ${38 + i * 12} 50 ${26 + i * 12} 74 C${22 + i * 12} 82 ${26 + i * 12} 88 ${30 + i * 12} 92" stroke="${i % 2 ? s.main : s.dark}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      )
      .join('') + `<rect x="8" y="40" width="84" height="10" rx="3" fill="${s.accent}" opacity="0.9"/>`,
  plate: (s) =>
    `<circle cx="50" cy="52" r="32" fill="${s.white}" stroke="${s.light}" stroke-width="5"/><circle cx="50" cy="52" r="20" fill="${s.pale}"/>` +
    leaf(46, 50, 9, 5, -30, s.main, s.pale) +
    `<circle cx="56" cy="58" r="5" fill="${s.accent}"/>` +
    `<path d="M8 20 L8 40 M4 20 L4 34 A4 4 0 0 0 12 34 L12 20 M8 40 L8 86" stroke="${s.dark}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<path d="M92 20 C84 30 84 46 92 50 L92 86" stroke="${s.dark}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  sprout: (s) =>
    `<ellipse cx="50" cy="86" rx="36" ry="10" fill="${s.accent}" opacity="0.7"/>` +
    `<path d="M50 84 C50 70 50 56 50 44" stroke="${s.dark}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<path d="M50 52 C36 52 24 44 22 28 C38 28 50 36 50 52 Z" fill="${s.main}"/>` +
    `<path d="M50 44 C62 44 76 36 78 20 C62 20 50 28 50 44 Z" fill="${s.light}"/>`,
  pharmacy: (s) =>
    `<rect x="12" y="12" width="76" height="76" rx="18" fill="${s.main}"/>` +
    `<path d="M40 24 L60 24 L60 40 L76 40 L76 60 L60 60 L60 76 L40 76 L40 60 L24 60 L24 40 L40 40 Z" fill="${s.white}"/>`,
  map: (s) =>
    `<path d="M8 24 L34 14 L66 24 L92 14 L92 80 L66 90 L34 80 L8 90 Z" fill="${s.light}"/>` +
    `<path d="M34 14 L34 80 L66 90 L66 24 Z" fill="${s.pale}"/>` +
    `<path d="M16 64 C30 50 44 70 58 54" stroke="${s.dark}" stroke-width="2.5" stroke-dasharray="4 4" fill="none"/>` +
    `<path d="M62 20 C52 20 46 28 46 36 C46 48 62 60 62 60 C62 60 78 48 78 36 C78 28 72 20 62 20 Z" fill="${s.main}"/><circle cx="62" cy="36" r="6" fill="${s.white}"/>`,
};

/** A small seeded generator (mulberry32), so the background shapes are the same on every render. */
function random(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The picture of a motif in a palette, `width` x `height` pixels. */
export function editorialSvg(motif: string, palette: string, width: number, height: number): string {
  const s = shades(palette);
  const draw = MOTIF_DRAWINGS[motif] ?? MOTIF_DRAWINGS.leaves;
  const rand = random(`${motif}:${palette}`);
  const wide = width / height > 2;
  const small = Math.min(width, height) <= 80;
  // The motif's box: right part of wide pictures, centred otherwise; icons fill the picture.
  const box = small ? Math.min(width, height) * 0.92 : Math.min(height * (wide ? 0.78 : 0.66), width * 0.62);
  const cx = wide ? width * 0.7 : width / 2;
  const cy = height / 2;
  const scale = box / 100;
  const bubbles = small
    ? ''
    : Array.from({ length: 7 }, () => {
        const r = (0.06 + rand() * 0.16) * Math.min(width, height);
        const x = rand() * width;
        const y = rand() * height;
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${rand() > 0.5 ? s.white : s.light}" opacity="${(0.18 + rand() * 0.22).toFixed(2)}"/>`;
      }).join('');
  const halo = small
    ? ''
    : `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(box * 0.62).toFixed(1)}" fill="${s.white}" opacity="0.55"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s.pale}"/>` +
    `<stop offset="1" stop-color="${small ? s.pale : s.light}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>${bubbles}${halo}` +
    `<g transform="translate(${(cx - box / 2).toFixed(2)} ${(cy - box / 2).toFixed(2)}) scale(${scale.toFixed(4)})">${draw(s)}</g>` +
    `</svg>`
  );
}
