import { renderToStaticMarkup } from 'react-dom/server';
import type { Picture } from '../../contracts/catalogue';
import { RenderContext, type RenderEnvironment } from '../render-context';
import { BrandCornerPage, type BrandCornerPageProps } from './BrandCornerPage';

const picture = (name: string): Picture => ({
  webp: `/media/${name}.webp`,
  fallback: `/media/${name}.png`,
  width: 300,
  height: 300,
  alt: '',
});

function render(props: Partial<BrandCornerPageProps> & { tagline?: string | null }) {
  const { tagline = null, ...rest } = props;
  const p: BrandCornerPageProps = {
    brand: { name: 'Lactibiane', class: 'lactibiane' },
    colour: 'lactibiane',
    home: true,
    hero: {
      thumbnail: picture('brand'),
      description: null,
      tagline,
      slides: [
        {
          title: 'Nos souches',
          excerpt: 'Une souche…',
          href: '/lactibiane/nos-souches',
          current: false,
          picture: picture('a'),
        },
        { title: 'Voyage', excerpt: 'En voyage…', href: '/lactibiane/voyage', current: false, picture: picture('b') },
      ],
    },
    header: null,
    introduction: null,
    nav: { home: { label: 'Accueil', href: '/lactibiane', current: true }, pages: [], all: null },
    paragraphs: [],
    ...rest,
  };
  const env: RenderEnvironment = {
    locale: 'fr',
    shopCode: 'ch',
    t: (key) => key,
    nonce: 'NONCE',
    state: {},
    islands: new Set(),
    islandSeq: { next: 1 },
  };
  return renderToStaticMarkup(
    <RenderContext.Provider value={env}>
      <BrandCornerPage {...p} />
    </RenderContext.Provider>,
  );
}

describe(BrandCornerPage.name, () => {
  it('hero: the brand slide first (thumbnail, the name as h1 on the corner home), then one slide per page', () => {
    const html = render({});
    const slots = [...html.matchAll(/data-slot="(s\d)"/g)].map((m) => m[1]);
    expect(slots).toEqual(['s0', 's1', 's2']);
    const first = html.slice(html.indexOf('data-slot="s0"'), html.indexOf('data-slot="s1"'));
    expect(first).toContain('<h1 class="corner-hero__title">Lactibiane</h1>');
    expect(first).toMatch(/<img src="\/media\/brand.png" width="300" height="300"/);
    expect(html).toContain('href="/lactibiane/nos-souches"');
    expect(html.match(/<h1/g)).toHaveLength(1);
  });

  it("shows the main page's own title under the brand name on the corner home only", () => {
    expect(render({ tagline: 'Le spécialiste du microbiote' })).toContain(
      '<p class="corner-hero__tagline">Le spécialiste du microbiote</p>',
    );
    expect(render({})).not.toContain('corner-hero__tagline');
    const page = render({
      tagline: 'Le spécialiste du microbiote',
      home: false,
      header: { icon: null, title: 'Voyage', excerpt: '' },
    });
    expect(page).not.toContain('corner-hero__tagline');
    expect(page).toContain('<p class="corner-hero__title">Lactibiane</p>');
  });
});
