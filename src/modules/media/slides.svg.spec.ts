import sharp from 'sharp';
import { contentSvg, ingredientSvg } from './slides.svg';

const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
const GALENIC = ['gelule', 'comprime', 'capsule_molle', 'gomme', 'barre', 'stick', 'sachet', 'ampoule', 'poudre'];

describe('gallery slides', () => {
  it.each([...GALENIC, 'sirop', 'gouttes', 'inconnu', null])(
    'draws what a %s pack holds as a valid square picture',
    async (galenicFormat) => {
      const svg = contentSvg({ galenicFormat, color: '#c0392b' }, 300);
      const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width: 300, height: 300 });
      expect(Math.min(data[0], data[1], data[2])).toBeGreaterThan(225);
      const { channels } = await sharp(Buffer.from(svg)).stats();
      expect(channels[1].stdev).toBeGreaterThan(10);
    },
  );

  it('prints the ingredient and its amount, escaped', async () => {
    const svg = ingredientSvg({ name: 'Bêta-glucanes <avoine> & co', amount: '3\u00a0g', color: '#d4ac0d' }, 600);
    expect(texts(svg)).toEqual(['Bêta-glucanes', '&lt;avoine&gt; &amp; co', '3\u00a0g']);
    expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({ format: 'svg', width: 600, height: 600 });
    expect(texts(ingredientSvg({ name: 'Zinc', amount: null, color: '#000' }, 140))).toEqual(['Zinc']);
  });
});
