import { escapeXml, fitText, FONT_FAMILY, luminance, parseColour, r1, readableOn, shade, tint, toHex } from './svg-kit';

/**
 * A brand's logo (SPEC §3 brand logo, brand card thumbnail): a round emblem with the brand's initial
 * over its wordmark, in the brand colour, on a transparent background so it sits on any card. The
 * icon size is the emblem alone.
 */
export interface BrandLogoInput {
  name: string;
  color: string;
}

export type BrandLogoLayout = 'wide' | 'square' | 'icon';

const WORDMARK_SIZES = [84, 76, 68, 62, 56, 50, 44, 40, 36];

export function brandLogoSvg(input: BrandLogoInput, width: number, height: number, layout: BrandLogoLayout): string {
  const base = parseColour(input.color);
  const light = luminance(base) > 0.72;
  const emblemFill = toHex(light ? shade(base, 0.35) : base);
  const ring = toHex(tint(base, 0.6));
  const ink = toHex(readableOn(base));
  const name = input.name.trim();
  const initial = [...name][0]?.toUpperCase() ?? '';
  const vw = 400;
  const vh = layout === 'wide' ? 300 : 400;

  const emblem = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${emblemFill}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.84)}" fill="none" stroke="${ring}" stroke-opacity=".55" stroke-width="${r1(r * 0.05)}"/>` +
    `<path d="M${r1(cx + r * 0.2)} ${r1(cy - r * 0.62)}q${r1(r * 0.42)} ${r1(r * 0.08)} ${r1(r * 0.44)} ${r1(r * 0.46)}q${r1(-r * 0.4)} ${r1(r * 0.02)} ${r1(-r * 0.44)} ${r1(-r * 0.46)}z" fill="${ring}" fill-opacity=".8"/>` +
    `<text x="${cx}" y="${r1(cy + r * 0.36)}" text-anchor="middle" font-family="${escapeXml(FONT_FAMILY)}" font-size="${r1(r * 1.05)}" font-weight="700" fill="#ffffff">${escapeXml(initial)}</text>`;

  const body: string[] = [];
  if (layout === 'icon') body.push(emblem(200, 200, 186));
  else {
    const square = layout === 'square';
    const emblemR = square ? 96 : 64;
    const emblemY = square ? 150 : 92;
    const mark = fitText(name, 372, 1, WORDMARK_SIZES, { bold: true });
    const baseline = square ? 318 : 236;
    body.push(emblem(200, emblemY, emblemR));
    body.push(
      `<text x="200" y="${r1(baseline + mark.size * 0.36 - 18)}" text-anchor="middle" font-family="${escapeXml(FONT_FAMILY)}" font-size="${mark.size}" font-weight="700" fill="${ink}">${escapeXml(mark.lines[0] ?? '')}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}">${body.join('')}</svg>`;
}
