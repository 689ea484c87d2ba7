import type { ArticleCardView } from '../../contracts/editorial';
import { ArticleCard } from '../components/ArticleCard';
import { pluralForm } from '../../contracts/i18n';
import { useRender, useT } from '../render-context';

export interface ArticleFilterGroup {
  /** The form field: `category` (expertise or innovation category) or `filter` (need). */
  name: 'category' | 'filter';
  label: string;
  allLabel: string;
  options: Array<{ value: string; label: string; count: number; selected: boolean }>;
}

export interface ArticleListPageProps {
  kind: 'advice' | 'innovation';
  title: string;
  intro: string;
  total: number;
  /** The highlighted article, first on the first unfiltered page of the advice list. */
  highlighted: ArticleCardView | null;
  items: ArticleCardView[];
  /** GET form answered by a redirect to the path form of the chosen filters. */
  filters: { action: string; groups: ArticleFilterGroup[]; resetHref: string | null };
  pagination: {
    previous: string | null;
    next: string | null;
    pages: Array<{ page: number; href: string; current: boolean }>;
  };
}

/**
 * SPEC §2.2 "Advice list", "Quality and innovation list": the filters (sticky once scrolled past),
 * the count, the highlighted article on the first unfiltered page, the cards and the pagination.
 * Everything works without JavaScript: the filters are a GET form, pages are links.
 */
export function ArticleListPage(p: ArticleListPageProps) {
  const t = useT();
  const { locale } = useRender();
  return (
    <div className={`article-list article-list--${p.kind}`}>
      <header className="article-list-header">
        <h1>{p.title}</h1>
        <p>{p.intro}</p>
      </header>
      <form className="article-filters" method="get" action={p.filters.action} aria-label={t('cms.list.filters')}>
        {p.filters.groups.map((group) => (
          <div className="article-filter" key={group.name}>
            <label htmlFor={`article-filter-${group.name}`}>{group.label}</label>
            <select
              id={`article-filter-${group.name}`}
              name={group.name}
              defaultValue={group.options.find((o) => o.selected)?.value ?? ''}
            >
              <option value="">{group.allLabel}</option>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {`${option.label} (${option.count})`}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button type="submit" className="button">
          {t('cms.list.apply')}
        </button>
        {p.filters.resetHref && (
          <a className="article-filters-reset" href={p.filters.resetHref}>
            {t('cms.list.reset')}
          </a>
        )}
      </form>
      <p className="article-list-count" role="status">
        {t(`cms.list.results_${pluralForm(locale, p.total)}`, { count: p.total })}
      </p>
      {p.highlighted && (
        <section className="article-highlighted" aria-labelledby="article-highlighted-title">
          <h2 id="article-highlighted-title" className="article-highlighted-label">
            {t('cms.list.highlighted')}
          </h2>
          <ArticleCard card={p.highlighted} headingLevel={3} large />
        </section>
      )}
      <ul className="article-cards">
        {p.items.map((card) => (
          <li key={card.id}>
            <ArticleCard card={card} headingLevel={2} />
          </li>
        ))}
      </ul>
      {p.pagination.pages.length > 1 && (
        <nav className="pagination" aria-label={t('cms.list.pagination')}>
          <ul>
            {p.pagination.previous && (
              <li>
                <a href={p.pagination.previous} rel="prev">
                  {t('cms.list.previous')}
                </a>
              </li>
            )}
            {p.pagination.pages.map((page) => (
              <li key={page.page}>
                <a
                  href={page.href}
                  aria-current={page.current ? 'page' : undefined}
                  aria-label={t(page.current ? 'cms.list.current_page' : 'cms.list.page', { page: page.page })}
                >
                  {page.page}
                </a>
              </li>
            ))}
            {p.pagination.next && (
              <li>
                <a href={p.pagination.next} rel="next">
                  {t('cms.list.next')}
                </a>
              </li>
            )}
          </ul>
        </nav>
      )}
    </div>
  );
}
