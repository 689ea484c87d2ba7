import { filterNeedGroups, foldText, type NeedGroupView } from './needs';

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
