/**
 * Small, pure helpers for the generated images: XML escaping, colour arithmetic and text layout.
 * SVG has no line wrapping and librsvg ignores `textLength`, so text is measured here with Arial /
 * Helvetica advance widths (Liberation Sans, the usual Linux fallback, shares them).
 */

/** The first installed family wins; the first four share the same metrics. */
export const FONT_FAMILY = "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text and attribute values; control characters that XML 1.0 forbids are dropped. */
export function escapeXml(value: string): string {
  return value.replace(XML_FORBIDDEN, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

// ---------------------------------------------------------------------------------------------------
// Colours

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Named colours of the content pack's colour vocabulary, for products that store a key, not a hex. */
const NAMED: Record<string, string> = {
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
  gray: '#8a8f98',
  white: '#f5f5f5',
  black: '#22252a',
};
export const DEFAULT_COLOUR = '#5b6b7a';

/** `#rgb`, `#rrggbb` or a colour name of the vocabulary; anything else is the neutral default. */
export function parseColour(value: string | null | undefined): Rgb {
  let hex = (value ?? '').trim().toLowerCase();
  hex = NAMED[hex] ?? hex;
  let m = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(hex);
  if (m) hex = `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`;
  m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(hex);
  if (!m) return parseColour(DEFAULT_COLOUR);
  return { r: parseInt(m[1], 16), g: parseInt(m[2], 16), b: parseInt(m[3], 16) };
}

export function toHex({ r, g, b }: Rgb): string {
  const h = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(r)}${h(g)}${h(b)}`;
}

/** Mixes `colour` with `other` (0 = colour, 1 = other). */
export function mix(colour: Rgb, other: Rgb, amount: number): Rgb {
  return {
    r: colour.r + (other.r - colour.r) * amount,
    g: colour.g + (other.g - colour.g) * amount,
    b: colour.b + (other.b - colour.b) * amount,
  };
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };
export const shade = (colour: Rgb, amount: number): Rgb => mix(colour, BLACK, amount);
export const tint = (colour: Rgb, amount: number): Rgb => mix(colour, WHITE, amount);

/** WCAG relative luminance (0 black … 1 white). */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour, darkened just enough to be readable as text on `background` (WCAG AA, 4.5:1). */
export function readableOn(colour: Rgb, background: Rgb = WHITE, ratio = 4.5): Rgb {
  let out = colour;
  for (let step = 1; contrast(out, background) < ratio && step <= 20; step++) out = shade(colour, step * 0.05);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Text

// Helvetica / Arial advance widths (1/1000 em) for U+0020..U+007E.
// prettier-ignore
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667,
  556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556,
  556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722,
  500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722,
  611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556,
  611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778,
  556, 556, 500, 389, 280, 389, 584,
];
const SPECIAL: Record<string, number> = {
  '\u00a0': 278,
  ß: 611,
  œ: 944,
  Œ: 1000,
  æ: 889,
  Æ: 1000,
  '’': 222,
  '‘': 222,
  '–': 556,
  '—': 1000,
  '…': 1000,
  '®': 737,
  '™': 1000,
  '°': 400,
};
/** Head-room for a server whose only sans-serif is the wider DejaVu Sans. */
const SAFETY = 1.04;

export interface TextStyle {
  size: number;
  bold?: boolean;
  /** Extra space after each character, in user units (SVG `letter-spacing`). */
  letterSpacing?: number;
}

/** Estimated advance width of `text` in user units. */
export function textWidth(text: string, style: TextStyle): number {
  const table = style.bold ? BOLD : REGULAR;
  let units = 0;
  for (const char of text) {
    const base = char.normalize('NFD')[0] ?? char;
    const code = base.charCodeAt(0);
    units += SPECIAL[char] ?? (code >= 32 && code <= 126 ? table[code - 32] : 600);
  }
  return ((units * style.size) / 1000) * SAFETY + [...text].length * (style.letterSpacing ?? 0);
}

/**
 * Greedy word wrap into at most `maxLines` lines of `maxWidth`. A word longer than a line is cut
 * with a hyphen; text left over after the last line ends it with an ellipsis. `overflow` tells the
 * caller that a smaller size would show more.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  maxLines: number,
  style: TextStyle,
): { lines: string[]; overflow: boolean } {
  // Only plain spaces break: a no-break space keeps a quantity with its unit.
  const words = text
    .trim()
    .split(/[ \t\n\r]+/)
    .filter(Boolean);
  const lines: string[] = [];
  let current = '';
  let overflow = false;
  const fits = (s: string) => textWidth(s, style) <= maxWidth;

  const queue = [...words];
  while (queue.length) {
    const word = queue.shift() as string;
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) {
      lines.push(current);
      current = '';
      queue.unshift(word);
    } else {
      // A single word wider than the line: break it (hyphen) and carry on with the rest.
      const chars = [...word];
      let cut = Math.max(1, chars.length - 1);
      while (cut > 1 && !fits(`${chars.slice(0, cut).join('')}-`)) cut--;
      lines.push(`${chars.slice(0, cut).join('')}-`);
      queue.unshift(chars.slice(cut).join(''));
      overflow = true;
    }
    if (lines.length === maxLines) {
      overflow = true;
      break;
    }
  }
  if (lines.length < maxLines) {
    if (current) lines.push(current);
  } else if (current || queue.length) {
    // Out of lines: the last one ends with an ellipsis.
    let last = lines[maxLines - 1].replace(/-$/, '');
    while (last && !fits(`${last}…`)) last = last.slice(0, -1).trimEnd();
    lines[maxLines - 1] = `${last}…`;
    overflow = true;
  }
  return { lines, overflow };
}

/**
 * The largest size (from `sizes`, largest first) at which `text` fits in `maxLines` lines without
 * cutting words; the smallest size, cut, when none does.
 */
export function fitText(
  text: string,
  maxWidth: number,
  maxLines: number,
  sizes: number[],
  style: Omit<TextStyle, 'size'> = {},
): { lines: string[]; size: number } {
  for (const size of sizes) {
    const { lines, overflow } = wrapText(text, maxWidth, maxLines, { ...style, size });
    if (!overflow) return { lines, size };
  }
  const size = sizes[sizes.length - 1];
  return { lines: wrapText(text, maxWidth, maxLines, { ...style, size }).lines, size };
}

/** Rounds to 1 decimal so generated SVG stays short and deterministic. */
export const r1 = (n: number): string => String(Math.round(n * 10) / 10);
