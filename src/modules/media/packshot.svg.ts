import {
  escapeXml,
  fitText,
  wrapText,
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
 * The packshot of a product (SPEC §3 Product small_image, slide and zoom visuals), drawn rather than
 * photographed: a flat illustration of its packaging (`product.image.shape`) in its colour, with a light
 * label band that carries the brand and the product name as real text. Drawn on a 1000×1000 canvas
 * and rasterised at the asked size; text sizes are chosen to stay legible on a 140 px card.
 */
export const PRODUCT_SHAPES = ['box', 'bottle', 'sachet', 'tube', 'jar', 'stick'] as const;
export type ProductShape = (typeof PRODUCT_SHAPES)[number];

export interface PackshotInput {
  brandName: string;
  /** The label name (see LABEL_LOCALE in media-urls.ts). */
  name: string;
  shape: string;
  color: string;
}

interface Band {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Lines of product name the band has room for. */
  maxLines: number;
}

interface Palette {
  base: string;
  light: string;
  lighter: string;
  dark: string;
  darker: string;
  /** Outline for very light packaging that would vanish on the light background. */
  outline: string;
  ink: string;
}

/** The drawings span roughly 100…920 × 100…960: the frame crops the empty margin so they fill it. */
const VIEWBOX = '50 60 900 900';
const BACKGROUND_CENTRE = '#ffffff';
const BACKGROUND_EDGE = '#eef1f4';
const LABEL = '#ffffff';
const NAME_INK = '#1d2329';
const NAME_SIZES = [96, 90, 84, 78, 72, 66, 60, 54, 48];
const BRAND_SIZES = [52, 48, 44, 40, 36];
const BRAND_TRACKING = 4;
/** Cap height and line height as fractions of the font size (Arial). */
const CAP = 0.72;
const LINE = 1.1;
const LABEL_PADDING_X = 34;
const LABEL_PADDING_Y = 18;
const STRIPE = 10;
const RULE = 4;

export function isProductShape(shape: string): shape is ProductShape {
  return (PRODUCT_SHAPES as readonly string[]).includes(shape);
}

/** The name as printed under the brand: a leading brand name is not repeated. */
export function labelName(name: string, brandName: string): string {
  // A quantity stays with its unit ("1,9 mg", "30 gélules" may wrap, "500 ml" may not).
  const trimmed = name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(\d) (?=(?:mg|µg|g|kg|ml|cl|l|%|UI|UFC)(?![\p{L}\d]))/giu, '$1\u00a0');
  const brand = brandName.trim();
  if (brand && trimmed.toLowerCase().startsWith(`${brand.toLowerCase()} `)) {
    const rest = trimmed.slice(brand.length).replace(/^[\s\-–—:]+/, '');
    if (rest) return rest;
  }
  return trimmed;
}

function palette(colour: string): Palette {
  const base = parseColour(colour);
  const veryLight = luminance(base) > 0.72;
  return {
    base: toHex(base),
    light: toHex(tint(base, 0.22)),
    lighter: toHex(tint(base, 0.55)),
    dark: toHex(shade(base, 0.2)),
    darker: toHex(shade(base, veryLight ? 0.45 : 0.36)),
    outline: veryLight ? toHex(shade(base, 0.28)) : 'none',
    ink: toHex(veryLight ? ({ r: 58, g: 63, b: 69 } as Rgb) : readableOn(base)),
  };
}

export function productSvg(input: PackshotInput, px: number): string {
  const colours = palette(input.color);
  const shape: ProductShape = isProductShape(input.shape) ? input.shape : 'box';
  const { art, band, floor, shiftY = 0 } = SHAPES[shape](colours);
  const stroke =
    colours.outline === 'none' ? '' : ` stroke="${colours.outline}" stroke-width="5" stroke-linejoin="round"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="${VIEWBOX}">`,
    '<defs>',
    `<radialGradient id="bg" cx="50%" cy="45%" r="70%"><stop offset="0" stop-color="${BACKGROUND_CENTRE}"/><stop offset="1" stop-color="${BACKGROUND_EDGE}"/></radialGradient>`,
    '<radialGradient id="floor"><stop offset="0" stop-color="#000" stop-opacity=".16"/><stop offset=".6" stop-color="#000" stop-opacity=".07"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
    '</defs>',
    '<rect width="1000" height="1000" fill="url(#bg)"/>',
    shiftY ? `<g transform="translate(0 ${shiftY})">` : '<g>',
    `<ellipse cx="${floor.cx}" cy="${floor.cy}" rx="${floor.rx}" ry="${floor.ry}" fill="url(#floor)"/>`,
    `<g${stroke}>${art}</g>`,
    label(input, band, colours),
    '</g>',
    '</svg>',
  ].join('');
}

/** Brand (capitals, brand ink), a short rule, then the product name, centred in the band. */
function label(input: PackshotInput, band: Band, colours: Palette): string {
  const width = band.w - LABEL_PADDING_X * 2;
  const height = band.h - LABEL_PADDING_Y * 2 - STRIPE * 2;
  const shownName = labelName(input.name, input.brandName);
  // A product named after its brand alone shows the name once, large.
  const brandText =
    shownName.toLowerCase() === input.brandName.trim().toLowerCase() ? '' : input.brandName.trim().toUpperCase();
  const brand = fitText(brandText, width, 1, BRAND_SIZES, { bold: true, letterSpacing: BRAND_TRACKING });
  const ruleGap = brand.size * 0.45;
  const brandBlock = brandText ? brand.size * CAP + ruleGap * 2 + RULE : 0;
  const name = fitName(shownName, width, height - brandBlock, band.maxLines);
  const lineHeight = name.size * LINE;
  const nameBlock = name.size * CAP + (name.lines.length - 1) * lineHeight;
  const cx = band.x + band.w / 2;
  let y = band.y + (band.h - brandBlock - nameBlock) / 2;
  const out: string[] = [
    `<rect x="${band.x}" y="${band.y}" width="${band.w}" height="${band.h}" fill="${LABEL}"/>`,
    `<rect x="${band.x}" y="${band.y}" width="${band.w}" height="${STRIPE}" fill="${colours.lighter}"/>`,
    `<rect x="${band.x}" y="${band.y + band.h - STRIPE}" width="${band.w}" height="${STRIPE}" fill="${colours.lighter}"/>`,
  ];
  const text = (content: string, size: number, fill: string, extra = '') =>
    `<text x="${r1(cx)}" y="${r1(y)}" text-anchor="middle" font-family="${escapeXml(FONT_FAMILY)}" font-size="${size}" font-weight="700" fill="${fill}"${extra}>${escapeXml(content)}</text>`;
  if (brandText) {
    y += brand.size * CAP;
    out.push(text(brand.lines[0] ?? '', brand.size, colours.ink, ` letter-spacing="${BRAND_TRACKING}"`));
    y += ruleGap;
    out.push(`<rect x="${r1(cx - 40)}" y="${r1(y)}" width="80" height="${RULE}" rx="2" fill="${colours.base}"/>`);
    y += RULE + ruleGap;
  }
  y += name.size * CAP;
  for (const line of name.lines) {
    out.push(text(line, name.size, NAME_INK));
    y += lineHeight;
  }
  return out.join('');
}

/** The largest name size whose wrapped lines fit the band's width and remaining height. */
function fitName(text: string, width: number, height: number, maxLines: number): { lines: string[]; size: number } {
  const linesAt = (size: number) =>
    Math.max(1, Math.min(maxLines, Math.floor((height - size * CAP) / (size * LINE)) + 1));
  for (const size of NAME_SIZES) {
    const { lines, overflow } = wrapText(text, width, linesAt(size), { size, bold: true });
    if (!overflow) return { lines, size };
  }
  const size = NAME_SIZES[NAME_SIZES.length - 1];
  return { lines: wrapText(text, width, linesAt(size), { size, bold: true }).lines, size };
}

interface Drawing {
  art: string;
  band: Band;
  floor: { cx: number; cy: number; rx: number; ry: number };
  /** Moves a drawing that is not as tall as the others down to the optical centre. */
  shiftY?: number;
}

/** Vertical grip ridges (caps, crimped ends). */
function ridges(x1: number, x2: number, y1: number, y2: number, step: number, colour: string, opacity = 0.35): string {
  const lines: string[] = [];
  for (let x = x1 + step / 2; x < x2; x += step) lines.push(`M${r1(x)} ${y1}V${y2}`);
  return `<path d="${lines.join('')}" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="5" fill="none"/>`;
}

function zigzag(x1: number, x2: number, y: number, tooth: number, depth: number): string {
  let d = '';
  for (let x = x1; x < x2 - 0.1; x += tooth)
    d += `L${r1(x + tooth / 2)} ${y - depth}L${r1(Math.min(x + tooth, x2))} ${y}`;
  return d;
}

/** A flat sachet outline whose short ends are serrated (crimped seals). */
function serratedStick(x1: number, x2: number, y1: number, y2: number): string {
  const tooth = 18;
  const depth = 12;
  let right = '';
  for (let y = y1; y < y2 - 0.1; y += tooth)
    right += `L${x2 - depth} ${r1(y + tooth / 2)}L${x2} ${r1(Math.min(y + tooth, y2))}`;
  let left = '';
  for (let y = y2; y > y1 + 0.1; y -= tooth)
    left += `L${x1 + depth} ${r1(y - tooth / 2)}L${x1} ${r1(Math.max(y - tooth, y1))}`;
  return `M${x1} ${y1}H${x2}${right}H${x1}${left}Z`;
}

const SHAPES: Record<ProductShape, (c: Palette) => Drawing> = {
  // A carton in three-quarter view: front, lit top, shaded side; the label wraps around the side.
  box: (c) => ({
    art:
      `<path d="M190 200L270 140H810L730 200Z" fill="${c.light}"/>` +
      `<path d="M730 200L810 140V800L730 860Z" fill="${c.dark}"/>` +
      `<rect x="190" y="200" width="540" height="660" fill="${c.base}"/>` +
      `<path d="M730 370L810 310V670L730 730Z" fill="#dfe3e7" stroke="none"/>` +
      `<rect x="190" y="790" width="540" height="70" fill="${c.dark}" stroke="none"/>` +
      `<rect x="220" y="240" width="60" height="60" rx="30" fill="#fff" fill-opacity=".22" stroke="none"/>`,
    band: { x: 190, y: 370, w: 540, h: 360, maxLines: 4 },
    floor: { cx: 500, cy: 862, rx: 400, ry: 46 },
  }),
  // A pill bottle: ridged cap, neck, soft shoulders, a gloss stripe.
  bottle: (c) => ({
    art:
      `<rect x="382" y="212" width="236" height="70" fill="${c.darker}"/>` +
      `<rect x="232" y="262" width="536" height="612" rx="96" fill="${c.base}"/>` +
      `<rect x="262" y="310" width="38" height="520" rx="19" fill="#fff" fill-opacity=".2" stroke="none"/>` +
      `<rect x="348" y="104" width="304" height="126" rx="18" fill="${c.darker}"/>` +
      ridges(360, 640, 118, 216, 26, '#ffffff', 0.18) +
      `<rect x="232" y="806" width="536" height="14" fill="${c.dark}" stroke="none"/>`,
    band: { x: 232, y: 420, w: 536, h: 360, maxLines: 4 },
    floor: { cx: 500, cy: 874, rx: 340, ry: 42 },
  }),
  // A stand-up pouch: serrated top seal, zip line, bottom gusset.
  sachet: (c) => ({
    art:
      `<path d="M212 160${zigzag(212, 788, 160, 24, 12)}L812 836Q812 872 776 872H224Q188 872 188 836Z" fill="${c.base}"/>` +
      `<path d="M212 160${zigzag(212, 788, 160, 24, 12)}L790 226H210Z" fill="${c.dark}" stroke="none"/>` +
      `<path d="M214 262H786" stroke="${c.darker}" stroke-opacity=".45" stroke-width="6" stroke-dasharray="14 10" fill="none"/>` +
      `<path d="M194 790Q500 752 806 790" stroke="${c.darker}" stroke-opacity=".35" stroke-width="6" fill="none"/>` +
      `<path d="M238 300V760" stroke="#fff" stroke-opacity=".22" stroke-width="30" stroke-linecap="round" fill="none"/>` +
      `<circle cx="500" cy="196" r="14" fill="#f5f6f8" stroke="none"/>`,
    band: { x: 206, y: 384, w: 592, h: 366, maxLines: 4 },
    floor: { cx: 500, cy: 872, rx: 380, ry: 40 },
  }),
  // A cream tube lying down: crimped seal on the left, screw cap on the right.
  tube: (c) => ({
    art:
      `<path d="M190 266L780 318V682L190 734Z" fill="${c.base}"/>` +
      `<rect x="100" y="258" width="98" height="484" rx="10" fill="${c.dark}"/>` +
      ridges(106, 192, 268, 732, 16, c.darker, 0.5) +
      `<path d="M780 318L840 386V614L780 682Z" fill="${c.dark}"/>` +
      `<rect x="836" y="378" width="84" height="244" rx="18" fill="${c.darker}"/>` +
      `<path d="M246 294L756 340" stroke="#fff" stroke-opacity=".25" stroke-width="18" stroke-linecap="round" fill="none"/>`,
    band: { x: 214, y: 340, w: 550, h: 320, maxLines: 3 },
    floor: { cx: 510, cy: 742, rx: 450, ry: 40 },
  }),
  // A wide jar: ridged lid and rim over a squat body.
  jar: (c) => ({
    art:
      `<rect x="190" y="356" width="620" height="496" rx="60" fill="${c.base}"/>` +
      `<rect x="212" y="200" width="576" height="142" rx="22" fill="${c.darker}"/>` +
      ridges(226, 776, 214, 328, 24, '#ffffff', 0.16) +
      `<rect x="204" y="330" width="592" height="34" rx="10" fill="${c.dark}"/>` +
      `<rect x="222" y="400" width="36" height="400" rx="18" fill="#fff" fill-opacity=".2" stroke="none"/>`,
    band: { x: 190, y: 430, w: 620, h: 350, maxLines: 4 },
    floor: { cx: 500, cy: 852, rx: 400, ry: 44 },
  }),
  // Stick sachets: one flat in front carries the label, a second one peeks out behind it.
  stick: (c) => {
    const stick = (fill: string, end: string) =>
      `<path d="${serratedStick(104, 896, 330, 670)}" fill="${fill}"/>` +
      `<rect x="118" y="330" width="58" height="340" fill="${end}" stroke="none"/>` +
      `<rect x="824" y="330" width="58" height="340" fill="${end}" stroke="none"/>` +
      ridges(118, 176, 334, 666, 14, '#000000', 0.14) +
      ridges(824, 882, 334, 666, 14, '#000000', 0.14);
    return {
      art:
        `<g transform="rotate(-10 500 500) translate(0 -92)">${stick(c.light, c.base)}</g>` +
        stick(c.base, c.dark) +
        `<path d="M200 348H800" stroke="#fff" stroke-opacity=".25" stroke-width="10" stroke-linecap="round" fill="none"/>`,
      band: { x: 196, y: 362, w: 608, h: 276, maxLines: 3 },
      floor: { cx: 500, cy: 676, rx: 460, ry: 36 },
      shiftY: 90,
    };
  },
};
