import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RenderContext, type RenderEnvironment } from '../render-context';
import { Breadcrumb } from './Breadcrumb';
import { linkState } from './links';

const env = { t: (key: string) => key } as unknown as RenderEnvironment;
const render = (node: ReactNode) =>
  renderToStaticMarkup(<RenderContext.Provider value={env}>{node}</RenderContext.Provider>);

describe(Breadcrumb.name, () => {
  it('renders nothing on home (empty trail)', () => {
    expect(render(<Breadcrumb trail={[]} />)).toBe('');
  });

  it('links every crumb but the last, which is the current page', () => {
    const html = render(
      <Breadcrumb
        trail={[
          { label: 'Accueil', href: '/' },
          { label: 'Contactez-nous', href: '/contactez-nous' },
          { label: 'Confirmation' },
        ]}
      />,
    );
    expect(html).toContain('<nav class="breadcrumb" aria-label="shell.breadcrumb_label">');
    expect(html).toContain('<a href="/">Accueil</a>');
    expect(html).toContain('<a href="/contactez-nous">Contactez-nous</a>');
    expect(html).toContain('<span aria-current="page">Confirmation</span>');
  });
});

describe('menu link state', () => {
  it('marks the exact page as current and its parents as active', () => {
    expect(linkState('/produits', '/produits')).toEqual({ current: true, active: true });
    expect(linkState('/produits', '/produits/immunite')).toEqual({ current: false, active: true });
    expect(linkState('/produits', '/produits-bio')).toEqual({ current: false, active: false });
    expect(linkState('/', '/produits')).toEqual({ current: false, active: false });
    expect(linkState('https://pro.example.ch/fr', '/')).toEqual({ current: false, active: false });
  });
});
