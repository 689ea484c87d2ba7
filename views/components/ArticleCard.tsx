import type { ArticleCardView } from '../../contracts/editorial';
import { useRender } from '../render-context';
import { Picture } from './Picture';

interface Props {
  card: ArticleCardView;
  /** The card title's heading level in the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** The highlighted article of a list: picture beside the text, longer extract. */
  large?: boolean;
}

/** One formatter per language: making one costs more than formatting many dates (a list page has dozens). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date as the visitor's language writes it, the same on the server and in the browser (UTC). */
export function articleDate(iso: string, locale: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(`${locale}-CH`, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, format);
  }
  return format.format(Date.UTC(y, m - 1, d));
}

/**
 * SPEC §3 "Article card": cover, expertise and need, title, extract, date. The whole card is one
 * link (the title's), so a screen reader hears the title once; tags are plain text on a card.
 */
export function ArticleCard({ card, headingLevel = 3, large = false }: Props) {
  const { locale } = useRender();
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={`article-card${large ? ' article-card--large' : ''}${card.expertise ? ` theme-${card.expertise.class}` : ''}`}
    >
      <Picture picture={card.cover} className="article-card__cover" />
      <div className="article-card__body">
        {(card.expertise || card.need) && (
          <p className="article-card__tags">
            {card.expertise && <span className="article-card__tag">{card.expertise.name}</span>}
            {card.need && <span className="article-card__tag article-card__tag--need">{card.need.label}</span>}
          </p>
        )}
        <Heading className="article-card__title">
          <a className="article-card__link" href={card.href}>
            {card.title}
          </a>
        </Heading>
        {card.excerpt && <p className="article-card__excerpt">{card.excerpt}</p>}
        {card.publishedAt && (
          <p className="article-card__date">
            <time dateTime={card.publishedAt}>{articleDate(card.publishedAt, locale)}</time>
          </p>
        )}
      </div>
    </article>
  );
}
