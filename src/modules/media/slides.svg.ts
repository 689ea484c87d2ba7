import {
  escapeXml,
  fitText,
  FONT_FAMILY,
  luminance,
  parseColour,
  r1,
  readableOn,
  shade,
  tint,
  toHex,
  type Rgb,
} from './svg-kit';

/**
 * The product gallery's other visuals (SPEC §3 Product caracteristics `slide_product` and
 * `active_ingredient_N`), drawn like the packshot (packshot.svg.ts) on the same light background:
 * the `content` visual shows what is inside the pack (capsules, tablets, sticks… after the galenic
 * format), an active-ingredient slide shows the ingredient's name and amount under a pictogram.
 */

const VIEWBOX = '0 0 1000 1000';
const NAME_INK = '#1d2329';
const NAME_SIZES = [112, 104, 96, 88, 80, 72, 64, 56];
const AMOUNT_SIZES = [80, 72, 64, 56];
/** Cap height and line height as fractions of the font size (Arial). */
const CAP = 0.72;
const LINE = 1.12;

function frame(px: number, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="${VIEWBOX}">`,
    '<defs>',
    '<radialGradient id="bg" cx="50%" cy="45%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef1f4"/></radialGradient>',
    '<radialGradient id="floor"><stop offset="0" stop-color="#000" stop-opacity=".14"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
    '</defs>',
    '<rect width="1000" height="1000" fill="url(#bg)"/>',
    body,
    '</svg>',
  ].join('');
}

interface Colours {
  base: string;
  light: string;
  lighter: string;
  dark: string;
  /** Text in the product colour, readable on the light background. */
  ink: string;
}

function colours(value: string): Colours {
  const base = parseColour(value);
  const veryLight = luminance(base) > 0.72;
  return {
    base: toHex(veryLight ? shade(base, 0.15) : base),
    light: toHex(tint(base, 0.35)),
    lighter: toHex(tint(base, 0.75)),
    dark: toHex(shade(base, 0.25)),
    ink: toHex(veryLight ? ({ r: 58, g: 63, b: 69 } as Rgb) : readableOn(base)),
  };
}

/** Where the units of a `content` visual lie: centre x, centre y, rotation in degrees. */
const SPOTS: Array<[number, number, number]> = [
  [330, 380, -24],
  [650, 350, 18],
  [500, 560, 4],
  [290, 690, 32],
  [710, 660, -12],
];

const shadow = (cx: number, cy: number, rx: number) =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(rx * 0.18)}" fill="url(#floor)"/>`;

/** One unit of each galenic format, drawn around (0, 0). */
const UNITS: Record<string, (c: Colours) => string> = {
  gelule: (c) =>
    `<path d="M-150 -55H0V55H-150A55 55 0 0 1 -150 -55Z" fill="${c.base}"/>` +
    `<path d="M0 -55H150A55 55 0 0 1 150 55H0Z" fill="${c.lighter}"/>` +
    `<rect x="-170" y="-36" width="300" height="16" rx="8" fill="#fff" fill-opacity=".35"/>`,
  comprime: (c) =>
    `<ellipse rx="130" ry="92" fill="${c.lighter}" stroke="${c.light}" stroke-width="6"/>` +
    `<path d="M-90 0H90" stroke="${c.light}" stroke-width="10" stroke-linecap="round"/>` +
    `<ellipse cx="-40" cy="-45" rx="50" ry="14" fill="#fff" fill-opacity=".6"/>`,
  capsule_molle: (c) =>
    `<ellipse rx="140" ry="78" fill="${c.base}" fill-opacity=".78"/>` +
    `<ellipse cx="-30" cy="-30" rx="70" ry="18" fill="#fff" fill-opacity=".45"/>`,
  gomme: (c) =>
    `<rect x="-90" y="-90" width="180" height="180" rx="54" fill="${c.base}"/>` +
    `<rect x="-62" y="-66" width="90" height="26" rx="13" fill="#fff" fill-opacity=".35"/>`,
  barre: (c) =>
    `<rect x="-170" y="-62" width="340" height="124" rx="22" fill="${c.base}"/>` +
    `<rect x="-120" y="-62" width="240" height="124" fill="${c.lighter}"/>` +
    `<path d="M-100 -20H100M-100 20H60" stroke="${c.dark}" stroke-width="12" stroke-linecap="round"/>`,
  stick: (c) =>
    `<rect x="-180" y="-44" width="360" height="88" rx="8" fill="${c.base}"/>` +
    `<path d="M-150 -44V44M150 -44V44" stroke="${c.dark}" stroke-width="8" stroke-dasharray="8 8"/>` +
    `<rect x="-110" y="-24" width="220" height="48" rx="6" fill="#fff" fill-opacity=".85"/>`,
  sachet: (c) =>
    `<rect x="-120" y="-120" width="240" height="240" rx="14" fill="${c.base}"/>` +
    `<path d="M-120 -92H120" stroke="${c.dark}" stroke-width="8" stroke-dasharray="10 8"/>` +
    `<rect x="-80" y="-40" width="160" height="100" rx="8" fill="#fff" fill-opacity=".85"/>`,
  ampoule: (c) =>
    `<rect x="-46" y="-150" width="92" height="260" rx="40" fill="${c.light}" fill-opacity=".85" stroke="${c.dark}" stroke-width="6"/>` +
    `<rect x="-22" y="-210" width="44" height="72" rx="14" fill="${c.dark}"/>` +
    `<rect x="-40" y="-20" width="80" height="124" rx="30" fill="${c.base}"/>`,
};
// Liquids and powders: one scene rather than scattered units.
const SCENES: Record<string, (c: Colours) => string> = {
  poudre: (c) =>
    shadow(500, 760, 330) +
    `<path d="M190 760Q500 380 810 760Z" fill="${c.lighter}" stroke="${c.light}" stroke-width="6"/>` +
    `<path d="M600 430L840 250" stroke="${c.dark}" stroke-width="34" stroke-linecap="round"/>` +
    `<ellipse cx="560" cy="470" rx="110" ry="70" transform="rotate(-36 560 470)" fill="${c.base}"/>` +
    `<ellipse cx="560" cy="470" rx="80" ry="46" transform="rotate(-36 560 470)" fill="${c.lighter}"/>`,
  sirop: (c) =>
    shadow(470, 720, 360) +
    `<path d="M150 640Q170 560 300 560H560Q660 560 690 600L880 640Q900 660 880 680L690 700Q660 740 560 740H300Q170 740 150 640Z" fill="${c.dark}"/>` +
    `<ellipse cx="420" cy="640" rx="230" ry="70" fill="${c.base}"/>` +
    `<ellipse cx="360" cy="618" rx="90" ry="16" fill="#fff" fill-opacity=".4"/>` +
    `<path d="M500 230C500 230 420 340 420 390A80 80 0 0 0 580 390C580 340 500 230 500 230Z" fill="${c.base}"/>`,
  gouttes: (c) =>
    shadow(500, 820, 260) +
    `<rect x="450" y="110" width="100" height="170" rx="40" fill="${c.dark}"/>` +
    `<path d="M470 280H530L520 560Q500 600 480 560Z" fill="${c.light}" stroke="${c.dark}" stroke-width="6"/>` +
    [620, 720, 810]
      .map(
        (y, i) =>
          `<path d="M500 ${y - 70}C500 ${y - 70} ${455 - i * 5} ${y - 10} ${455 - i * 5} ${y + 10}A${45 + i * 5} ${45 + i * 5} 0 0 0 ${545 + i * 5} ${y + 10}C${545 + i * 5} ${y - 10} 500 ${y - 70} 500 ${y - 70}Z" fill="${c.base}" fill-opacity="${1 - i * 0.2}"/>`,
      )
      .join(''),
};

/** The `content` visual: what the pack holds, after the galenic format (tablets when unknown). */
export function contentSvg(input: { galenicFormat: string | null; color: string }, px: number): string {
  const c = colours(input.color);
  const key = input.galenicFormat ?? '';
  const scene = SCENES[key];
  if (scene) return frame(px, scene(c));
  const unit = (UNITS[key] ?? UNITS.comprime)(c);
  const parts = SPOTS.map(
    ([x, y, angle]) => shadow(x, y + 95, 150) + `<g transform="translate(${x} ${y}) rotate(${angle})">${unit}</g>`,
  );
  return frame(px, parts.join(''));
}

/**
 * An active-ingredient slide: a pictogram (a molecule in the product colour) over the ingredient's
 * name, largest size that fits two lines, and its amount per daily dose when known.
 */
export function ingredientSvg(input: { name: string; amount: string | null; color: string }, px: number): string {
  const c = colours(input.color);
  const name = fitText(input.name, 820, 2, NAME_SIZES, { bold: true });
  const amount = input.amount ? fitText(input.amount, 820, 1, AMOUNT_SIZES, { bold: true }) : null;
  const atoms: Array<[number, number, number]> = [
    [500, 300, 84],
    [360, 210, 48],
    [640, 210, 48],
    [380, 420, 40],
    [625, 415, 56],
  ];
  const bonds = atoms
    .slice(1)
    .map(([x, y]) => `<path d="M500 300L${x} ${y}" stroke="${c.dark}" stroke-width="18" stroke-linecap="round"/>`)
    .join('');
  const spheres = atoms
    .map(
      ([x, y, r], i) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${i === 0 ? c.base : c.light}"/>` +
        `<circle cx="${x - r * 0.3}" cy="${y - r * 0.3}" r="${r * 0.3}" fill="#fff" fill-opacity=".35"/>`,
    )
    .join('');
  const text = (content: string, y: number, size: number, fill: string) =>
    `<text x="500" y="${r1(y)}" text-anchor="middle" font-family="${escapeXml(FONT_FAMILY)}" font-size="${size}" font-weight="700" fill="${fill}">${escapeXml(content)}</text>`;
  let y = 600 + name.size * CAP;
  const lines = name.lines.map((line) => {
    const out = text(line, y, name.size, NAME_INK);
    y += name.size * LINE;
    return out;
  });
  const lastBaseline = y - name.size * LINE;
  const amountText = amount ? text(amount.lines[0] ?? '', lastBaseline + amount.size * 1.5, amount.size, c.ink) : '';
  return frame(
    px,
    `<circle cx="500" cy="310" r="230" fill="${c.lighter}"/>` + bonds + spheres + lines.join('') + amountText,
  );
}
