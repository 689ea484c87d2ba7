import { createContext, useContext, type HTMLAttributes } from 'react';

/**
 * Server-rendered content inside an island (docs/architecture.md "Islands that wrap server HTML").
 *
 * The page hands an island React nodes as slots (`<Island component props slots={{ usage: <Usage/> }}>`,
 * `children` is the slot "default"). The server renders each slot once, to HTML, with the page's render
 * environment (so it may hold links, rich text, even other islands); the island places it with
 * `<IslandSlot name>`, which writes that HTML inside an element the island owns. The HTML never goes
 * into the island's props: in the browser, `client/main.ts` reads each slot back from the island's
 * own markup (`readSlots`) and hydrates with the same strings, so the first client render equals the
 * server HTML and React never rewrites the slot's content (`dangerouslySetInnerHTML` with an
 * unchanged string). The island still owns the slot element itself: its attributes (`hidden`, `role`,
 * ARIA…) follow the island's state, and nothing outside the island's root is touched.
 */

/** The HTML of each slot of the island being rendered, by name. */
export type SlotContents = Readonly<Record<string, string>>;

export const DEFAULT_SLOT = 'default';

export const IslandSlots = createContext<SlotContents>({});

type SlotTag = 'div' | 'section' | 'span' | 'li';

export interface IslandSlotProps extends HTMLAttributes<HTMLElement> {
  /** Which slot (`DEFAULT_SLOT` for the island's children). */
  name?: string;
  /** The element that holds the slot's HTML; its attributes are the island's to set. */
  as?: SlotTag;
  [data: `data-${string}`]: string | boolean | undefined;
}

/** Places a slot's server-rendered HTML; renders nothing when the page gave no such slot. */
export function IslandSlot({ name = DEFAULT_SLOT, as: Tag = 'div', ...attributes }: IslandSlotProps) {
  const html = useContext(IslandSlots)[name];
  if (html === undefined) return null;
  return <Tag {...attributes} data-slot={name} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Whether the page gave the island this slot (to render, or not, what goes around it). */
export function useHasSlot(name: string = DEFAULT_SLOT): boolean {
  return useContext(IslandSlots)[name] !== undefined;
}

/**
 * The slots of an island marker, read from its server HTML in the browser: the `[data-slot]` elements
 * whose nearest island is this one (a slot of an island nested inside a slot belongs to that island).
 */
export function readSlots(root: Element): SlotContents {
  const slots: Record<string, string> = {};
  for (const element of root.querySelectorAll<HTMLElement>('[data-slot]'))
    if (element.closest('[data-island]') === root) slots[element.dataset.slot ?? DEFAULT_SLOT] = element.innerHTML;
  return slots;
}
