import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createAppStore, type PreloadedState } from '../../client/store';
import { RenderContext, useRender } from '../render-context';
import { serializeJson } from '../serialize';
import { DEFAULT_SLOT, IslandSlots } from './slots';

interface IslandProps<P> {
  component: ComponentType<P>;
  props: P;
  /** Element wrapping the island (a div, or a span inside phrasing content). */
  as?: 'div' | 'span';
  className?: string;
  /**
   * Server-rendered content the island places with `<IslandSlot name>` (see slots.tsx): rendered here,
   * once, as HTML; never part of the props sent to the browser.
   */
  slots?: Record<string, ReactNode>;
  /** The slot "default" (`<IslandSlot />`). */
  children?: ReactNode;
}

/**
 * Server side of an island (ARCHITECTURE "Rendering"): the component is rendered on its own, with its
 * own identifierPrefix and the page's preloaded store, inside a marker element; its props travel as
 * escaped JSON in a nonce'd script. Its slots (server content it wraps) are rendered first with the
 * page's environment, so islands inside a slot get their own markers. `client/main.ts` hydrates the
 * marker with the same tree, the slots read back from the marker's HTML.
 * Server-only: the client never renders this wrapper.
 */
export function Island<P extends object>({
  component: Component,
  props,
  as: Tag = 'div',
  className,
  slots,
  children,
}: IslandProps<P>) {
  const env = useRender();
  const name = (Component as { islandName?: string }).islandName ?? Component.name;
  // Server-only: the render environment numbers the page's islands in document order.
  // eslint-disable-next-line react-hooks/immutability
  const id = `i${env.islandSeq.next++}`;
  env.islands.add(name);
  const contents: Record<string, string> = {};
  const given = children === undefined ? { ...slots } : { ...slots, [DEFAULT_SLOT]: children };
  for (const [slot, node] of Object.entries(given))
    if (node !== undefined && node !== null && node !== false)
      contents[slot] = renderToString(<RenderContext.Provider value={env}>{node}</RenderContext.Provider>, {
        identifierPrefix: `${id}-${slot}-`,
      });
  const store = createAppStore(env.state as PreloadedState);
  const html = renderToString(
    <Provider store={store}>
      <IslandSlots.Provider value={contents}>
        <Component {...props} />
      </IslandSlots.Provider>
    </Provider>,
    { identifierPrefix: `${id}-` },
  );
  return (
    <>
      <Tag data-island={name} data-iid={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />
      <script
        type="application/json"
        id={`${id}-props`}
        nonce={env.nonce}
        dangerouslySetInnerHTML={{ __html: serializeJson(props) }}
      />
    </>
  );
}
