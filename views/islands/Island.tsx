import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createAppStore, type PreloadedState } from '../../client/store';
import { useRender } from '../render-context';
import { serializeJson } from '../serialize';

interface IslandProps<P> {
  component: ComponentType<P>;
  props: P;
  /** Element wrapping the island (a div, or a span inside phrasing content). */
  as?: 'div' | 'span';
  className?: string;
}

/**
 * Server side of an island (ARCHITECTURE "Rendering"): the component is rendered on its own, with its
 * own identifierPrefix and the page's preloaded store, inside a marker element; its props travel as
 * escaped JSON in a nonce'd script. `client/main.ts` hydrates the marker with the same tree.
 * Server-only: the client never renders this wrapper.
 */
export function Island<P extends object>({ component: Component, props, as: Tag = 'div', className }: IslandProps<P>) {
  const env = useRender();
  const name = (Component as { islandName?: string }).islandName ?? Component.name;
  // Server-only: the render environment numbers the page's islands in document order.
  // eslint-disable-next-line react-hooks/immutability
  const id = `i${env.islandSeq.next++}`;
  env.islands.add(name);
  const store = createAppStore(env.state as PreloadedState);
  const html = renderToString(
    <Provider store={store}>
      <Component {...props} />
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
