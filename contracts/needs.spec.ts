import { filterNeedGroups, foldText, NEED_SECTIONS, needTabs, type NeedGroupView } from './needs';

const groups: NeedGroupView[] = [
  {
    id: 1,
    label: 'Confort digestif',
    href: '/besoin/confort-digestif',
    children: [
      { id: 11, label: 'Transit intestinal', href: '/besoin/transit-intestinal' },
      { id: 12, label: 'Ballonnements', href: '/besoin/ballonnements' },
    ],
  },
  {
    id: 2,
    label: 'Défenses naturelles',
    href: '/besoin/defenses-naturelles',
    children: [{ id: 21, label: 'Passage de l’hiver', href: '/besoin/passage-de-l-hiver' }],
  },
];

describe(filterNeedGroups.name, () => {
  it('shows everything for an empty search', () => {
    expect(filterNeedGroups(groups, '  ')).toBe(groups);
  });

  it('keeps a matching parent with all its children, else only the matching children', () => {
    expect(filterNeedGroups(groups, 'digestif')).toEqual([groups[0]]);
    expect(filterNeedGroups(groups, 'ballon')).toEqual([{ ...groups[0], children: [groups[0].children[1]] }]);
    expect(filterNeedGroups(groups, 'zzz')).toEqual([]);
  });

  it('ignores case, accents and extra spaces', () => {
    expect(foldText('  Défenses   NATURELLES ')).toBe('defenses naturelles');
    expect(filterNeedGroups(groups, 'DEFENSES')).toEqual([groups[1]]);
  });
});

describe('needTabs (SPEC §2.2 "Need detail": a tab only for a section with content)', () => {
  const titles = {
    title: 'Ballonnements',
    ingredients: 'Notions clés',
    solutions: 'Nos solutions',
    store: 'Conseil en officine',
    advices: 'Nos conseils',
  };

  it('shows the five tabs in page order when every section has content', () => {
    expect(needTabs(titles, { ingredient: true, products: 3, advices: 1 })).toEqual([
      { id: NEED_SECTIONS.title, title: 'Ballonnements' },
      { id: NEED_SECTIONS.ingredients, title: 'Notions clés' },
      { id: NEED_SECTIONS.solutions, title: 'Nos solutions' },
      { id: NEED_SECTIONS.store, title: 'Conseil en officine' },
      { id: NEED_SECTIONS.advices, title: 'Nos conseils' },
    ]);
  });

  it('leaves out the ingredients, the solutions and the advices each when they are empty', () => {
    const ids = (content: Parameters<typeof needTabs>[1]) => needTabs(titles, content).map((t) => t.id);
    expect(ids({ ingredient: false, products: 3, advices: 1 })).not.toContain(NEED_SECTIONS.ingredients);
    expect(ids({ ingredient: true, products: 0, advices: 1 })).not.toContain(NEED_SECTIONS.solutions);
    expect(ids({ ingredient: true, products: 3, advices: 0 })).not.toContain(NEED_SECTIONS.advices);
    // The title and the store locator are always there.
    expect(ids({ ingredient: false, products: 0, advices: 0 })).toEqual([NEED_SECTIONS.title, NEED_SECTIONS.store]);
  });
});
