import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RenderContext, type RenderEnvironment } from '../render-context';
import { Island } from './Island';
import { IslandSlot, useHasSlot } from './slots';

/** A wrapper island: a fold whose body is server content. */
function Fold({ title }: { title: string }) {
  const hasNote = useHasSlot('note');
  return (
    <details>
      <summary>{title}</summary>
      <IslandSlot className="fold__body" />
      {hasNote && <IslandSlot as="span" name="note" className="fold__note" />}
    </details>
  );
}

function Badge({ text }: { text: string }) {
  return <b>{text}</b>;
}

function page(node: ReactNode) {
  const env: RenderEnvironment = {
    locale: 'fr',
    shopCode: 'ch',
    t: (key) => key,
    nonce: 'NONCE',
    state: {},
    islands: new Set(),
    islandSeq: { next: 1 },
  };
  const html = renderToStaticMarkup(<RenderContext.Provider value={env}>{node}</RenderContext.Provider>);
  return { html, env };
}

const propsOf = (html: string, id: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${id}-props" nonce="NONCE">(.*?)</script>`).exec(html)![1],
  );

describe('islands that wrap server content (slots)', () => {
  it('renders the children once, as HTML inside the island root, and never in its props', () => {
    const { html } = page(
      <Island component={Fold} props={{ title: 'Conservation' }}>
        <p className="rich-text">
          À conserver <a href="/aide-en-ligne">au sec</a>.
        </p>
      </Island>,
    );
    expect(html).toContain(
      '<div data-island="Fold" data-iid="i1"><details><summary>Conservation</summary>' +
        '<div class="fold__body" data-slot="default"><p class="rich-text">À conserver <a href="/aide-en-ligne">au sec</a>.</p></div>' +
        '</details></div>',
    );
    expect(html.match(/À conserver/g)).toHaveLength(1);
    expect(propsOf(html, 'i1')).toEqual({ title: 'Conservation' });
  });

  it('places named slots where the island says, and leaves out a slot the page did not give', () => {
    const withNote = page(
      <Island component={Fold} props={{ title: 'A' }} slots={{ note: <i>note</i> }}>
        body
      </Island>,
    ).html;
    expect(withNote).toContain('<span class="fold__note" data-slot="note"><i>note</i></span>');
    const without = page(
      <Island component={Fold} props={{ title: 'A' }} slots={{ note: false }}>
        body
      </Island>,
    ).html;
    expect(without).not.toContain('data-slot="note"');
    expect(without).toContain('data-slot="default">body</div>');
  });

  it('gives an island inside a slot its own marker and props, and counts it for the page scripts', () => {
    const { html, env } = page(
      <Island component={Fold} props={{ title: 'outer' }}>
        <Island component={Badge} props={{ text: 'inner' }} as="span" />
      </Island>,
    );
    expect(html).toContain(
      '<div class="fold__body" data-slot="default"><span data-island="Badge" data-iid="i2"><b>inner</b></span>' +
        '<script type="application/json" id="i2-props" nonce="NONCE">{"text":"inner"}</script></div>',
    );
    expect(propsOf(html, 'i1')).toEqual({ title: 'outer' });
    expect([...env.islands].sort()).toEqual(['Badge', 'Fold']);
  });
});
