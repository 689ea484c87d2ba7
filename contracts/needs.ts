/**
 * The needs as the needs list, its search and the need selector show them (SPEC §2.2 "Needs list",
 * "Need detail", §4 "Need selector"). Pure TypeScript: the server filters with `filterNeedGroups`
 * for the form sent without JavaScript, the island with the same function as one types.
 */
import { foldText } from './text';

export { foldText };

export interface NeedLinkView {
  id: number;
  label: string;
  href: string;
}

/** A parent need and its child needs, in need order. */
export interface NeedGroupView extends NeedLinkView {
  children: NeedLinkView[];
}

/**
 * The groups a search shows: a parent whose label matches keeps all its children; otherwise only the
 * children that match, and the parent only when one does. An empty search shows everything.
 */
export function filterNeedGroups(groups: NeedGroupView[], query: string): NeedGroupView[] {
  const q = foldText(query);
  if (!q) return groups;
  return groups.flatMap((group) => {
    if (foldText(group.label).includes(q)) return [group];
    const children = group.children.filter((c) => foldText(c.label).includes(q));
    return children.length ? [{ ...group, children }] : [];
  });
}

/** What the need selector offers: the parent needs with their children (SPEC §4). */
export interface NeedSelectorView {
  /** Where the form goes without JavaScript (the server validates and redirects). */
  action: string;
  groups: NeedGroupView[];
  /** The parent chosen before (the form's second step without JavaScript), and the child. */
  parent: number | null;
  child: number | null;
  /** The validation message the server sent back ('Merci de sélectionner un besoin'). */
  error: string | null;
}

/** A selector's parameters, as the form sends them: ids, or '' for "none". */
export const NEED_SELECTOR_PARAMS = { parent: 'besoin', child: 'sous-besoin' } as const;

/** The ids of the need page's sections, the anchor tabs' targets. */
export const NEED_SECTIONS = {
  title: 'need-title',
  ingredients: 'need-ingredients',
  solutions: 'need-solutions',
  store: 'need-store',
  advices: 'need-advices',
} as const;

/** An anchor tab: the id of the section it scrolls to, and its title. */
export interface SectionTabView {
  id: string;
  title: string;
}

/**
 * The need page's anchor tabs (SPEC §2.2 "Need detail"), in page order: the need's title and the
 * store locator always, the ingredients, the solutions and the advices only when they have content.
 */
export function needTabs(
  titles: Record<keyof typeof NEED_SECTIONS, string>,
  content: { ingredient: boolean; products: number; advices: number },
): SectionTabView[] {
  const on: Record<keyof typeof NEED_SECTIONS, boolean> = {
    title: true,
    ingredients: content.ingredient,
    solutions: content.products > 0,
    store: true,
    advices: content.advices > 0,
  };
  return (Object.keys(NEED_SECTIONS) as Array<keyof typeof NEED_SECTIONS>)
    .filter((key) => on[key])
    .map((key) => ({ id: NEED_SECTIONS[key], title: titles[key] }));
}
