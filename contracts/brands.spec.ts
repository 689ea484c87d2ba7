import { BRAND_SECTIONS, brandTabs, cornerNav, isCornerLink, type CornerTabView } from './brands';

describe('brandTabs (SPEC §2.2 "Brand landing page": a tab only for a section with content)', () => {
  const titles = { presentation: 'Présentation', solutions: 'Nos solutions', questions: 'Questions' };

  it('shows presentation, solutions and questions when the page has a description and the brand FAQs', () => {
    expect(brandTabs(titles, { description: true, faqs: 2 })).toEqual([
      { id: BRAND_SECTIONS.presentation, title: 'Présentation' },
      { id: BRAND_SECTIONS.solutions, title: 'Nos solutions' },
      { id: BRAND_SECTIONS.questions, title: 'Questions' },
    ]);
  });

  it('leaves the presentation out without a description and the questions without FAQs', () => {
    expect(brandTabs(titles, { description: false, faqs: 3 }).map((t) => t.id)).toEqual([
      BRAND_SECTIONS.solutions,
      BRAND_SECTIONS.questions,
    ]);
    expect(brandTabs(titles, { description: true, faqs: 0 }).map((t) => t.id)).toEqual([
      BRAND_SECTIONS.presentation,
      BRAND_SECTIONS.solutions,
    ]);
    expect(brandTabs(titles, { description: false, faqs: 0 })).toEqual([
      { id: BRAND_SECTIONS.solutions, title: 'Nos solutions' },
    ]);
  });
});

describe('cornerNav (SPEC §2.2 "Brand corner": \'all solutions\' only with a contents_table_link_url)', () => {
  const home: CornerTabView = { label: 'Accueil', href: '/lactibiane', current: true };
  const pages: CornerTabView[] = [{ label: 'Le microbiote', href: '/lactibiane/microbiote', current: false }];

  it('keeps home and the pages, and adds the link when it is a site path or an https address', () => {
    expect(cornerNav(home, pages, { label: 'Toutes nos solutions', url: '/produits' })).toEqual({
      home,
      pages,
      all: { label: 'Toutes nos solutions', href: '/produits', current: false },
    });
    expect(cornerNav(home, pages, { label: 'x', url: 'https://example.org/a' }).all?.href).toBe(
      'https://example.org/a',
    );
  });

  it('has no link without a url, or with one that is no site path nor https address', () => {
    for (const url of [null, undefined, '', '//evil.example', '/\\evil', 'http://example.org', 'javascript:alert(1)'])
      expect(cornerNav(home, pages, { label: 'x', url }).all).toBeNull();
    expect(isCornerLink('/a b')).toBe(false);
  });
});
