import type { Picture as PictureModel } from '../../contracts/catalogue';
import type { ArticleCardView, LinkView, ParagraphView, SafeHtml, TocEntryView } from '../../contracts/editorial';
import { ArticleCard, articleDate } from '../components/ArticleCard';
import { LogoutForm, type LogoutFormProps } from '../components/LogoutForm';
import { Island } from '../islands/Island';
import TableOfContents from '../islands/TableOfContents';
import { Paragraphs } from '../paragraphs/Paragraph';
import { useRender, useT } from '../render-context';

export interface EditorialPageProps {
  /** The page type's technical name (advice, innovation, actualite, cms_page, standard…). */
  pageType: string;
  title: string;
  /** The title printed under the cover instead of over it. */
  titleOutsideCover: boolean;
  cover: PictureModel | null;
  coverMobile: PictureModel | null;
  introduction: SafeHtml | null;
  content: SafeHtml | null;
  /** ISO date of publication (articles and news). */
  publishedAt: string | null;
  /** Expertise and need tags, linking to the list filtered by them. */
  tags: Array<{ kind: 'expertise' | 'need'; label: string; href: string }>;
  link: LinkView | null;
  toc: TocEntryView[];
  tocTitle: string;
  paragraphs: ParagraphView[];
  /** "These articles may interest you" and the link to all of them. */
  related: { title: string; items: ArticleCardView[]; all: LinkView | null } | null;
  /** Set on the preview route: the version shown, whether it is published, the editor's logout button. */
  preview: { vid: number; published: boolean; logout: LogoutFormProps | null } | null;
}

/**
 * SPEC §2.2 "Editorial (CMS) page": cover header with the title (or the title under it), date,
 * introduction, tags, link button, table of contents beside the paragraphs (not on phones), then
 * the linked pages as article cards.
 */
export function EditorialPage(p: EditorialPageProps) {
  const t = useT();
  const { locale } = useRender();
  const title = <h1 className="editorial-title">{p.title}</h1>;
  return (
    <article className={`editorial editorial--${p.pageType}`}>
      {p.preview && (
        <div className="preview-banner" role="status">
          <p>
            {t('cms.preview.banner', { vid: p.preview.vid })} ·{' '}
            {p.preview.published ? t('cms.preview.published') : t('cms.preview.unpublished')}
          </p>
          {p.preview.logout && <LogoutForm {...p.preview.logout} className="preview-banner__logout" />}
        </div>
      )}
      <header className={`editorial-header${p.titleOutsideCover ? ' editorial-header--outside' : ''}`}>
        {p.cover && (
          <div className="editorial-cover">
            <picture>
              {p.coverMobile && (
                <>
                  <source media="(max-width: 767px)" type="image/webp" srcSet={p.coverMobile.webp} />
                  <source media="(max-width: 767px)" srcSet={p.coverMobile.fallback} />
                </>
              )}
              <source type="image/webp" srcSet={p.cover.webp} />
              <img
                src={p.cover.fallback}
                width={p.cover.width}
                height={p.cover.height}
                alt=""
                fetchPriority="high"
                decoding="async"
              />
            </picture>
            {!p.titleOutsideCover && <div className="editorial-cover-title">{title}</div>}
          </div>
        )}
        {(p.titleOutsideCover || !p.cover) && title}
        {(p.publishedAt || p.tags.length > 0) && (
          <div className="editorial-meta">
            {p.publishedAt && (
              <p className="editorial-date">
                {t('cms.published_on')} <time dateTime={p.publishedAt}>{articleDate(p.publishedAt, locale)}</time>
              </p>
            )}
            {p.tags.length > 0 && (
              <ul className="editorial-tags" aria-label={t('cms.tags')}>
                {p.tags.map((tag) => (
                  <li key={tag.kind}>
                    <a className={`tag tag--${tag.kind}`} href={tag.href}>
                      {tag.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {p.introduction && (
          <div className="editorial-intro rich-text" dangerouslySetInnerHTML={{ __html: p.introduction }} />
        )}
        {p.link && (
          <p className="editorial-link">
            <a
              className="button"
              href={p.link.href}
              {...(p.link.external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}
            >
              {p.link.label}
            </a>
          </p>
        )}
      </header>
      <div className={`editorial-body${p.toc.length ? ' editorial-body--toc' : ''}`}>
        {p.toc.length > 0 && (
          <Island component={TableOfContents} props={{ entries: p.toc, title: p.tocTitle }} className="editorial-toc" />
        )}
        <div className="editorial-main">
          {p.content && <div className="editorial-content rich-text" dangerouslySetInnerHTML={{ __html: p.content }} />}
          <Paragraphs items={p.paragraphs} />
        </div>
      </div>
      {p.related && (
        <section className="editorial-related" aria-labelledby="editorial-related-title">
          <h2 id="editorial-related-title">{p.related.title}</h2>
          <ul className="article-cards">
            {p.related.items.map((card) => (
              <li key={card.id}>
                <ArticleCard card={card} headingLevel={3} />
              </li>
            ))}
          </ul>
          {p.related.all && (
            <p className="editorial-related-all">
              <a className="button button--secondary" href={p.related.all.href}>
                {p.related.all.label}
              </a>
            </p>
          )}
        </section>
      )}
    </article>
  );
}
