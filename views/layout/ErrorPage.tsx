import { ArrowIcon, SearchIcon } from '../components/icons';
import { useT } from '../render-context';

export interface ErrorPageProps {
  kind: 'notFound' | 'unauthorized' | 'error';
  status: number;
  /** SPEC §8: a page's own lookup found nothing; the page says "Cette page n'existe pas". */
  pageMissing?: boolean;
  /** Where the search form of the 404 page sends the visitor. */
  searchAction: string;
}

/**
 * The 404, 401 and 500 pages (SPEC §2.2, §8) inside the shell, in the visitor's language, each with a
 * link home; the 404 invites to search (a plain GET form: no JavaScript needed).
 */
export function ErrorPage({ kind, status, pageMissing = false, searchAction }: ErrorPageProps) {
  const t = useT();
  return (
    <section className={`error-page error-page--${kind}`} aria-labelledby="error-title">
      <div className="container error-page__inner">
        <p className="error-page__status" aria-hidden="true">
          {status}
        </p>
        <h1 className="error-page__title" id="error-title">
          {t(`errors.${kind}.title`)}
        </h1>
        {pageMissing && <p className="error-page__reason">{t('errors.notFound.page_missing')}</p>}
        <p className="error-page__text">{t(`errors.${kind}.text`)}</p>
        {kind === 'notFound' && (
          <form
            className="search-form error-page__search"
            role="search"
            aria-labelledby="error-search-label"
            action={searchAction}
            method="get"
          >
            <label htmlFor="error-search" id="error-search-label" className="error-page__label">
              {t('errors.notFound.search_label')}
            </label>
            <div className="search-form__field">
              <SearchIcon className="search-form__icon" />
              <input
                id="error-search"
                className="search-form__input"
                name="q"
                type="search"
                minLength={3}
                required
                autoComplete="off"
                placeholder={t('shell.search_placeholder')}
              />
              <button type="submit" className="search-form__submit">
                {t('shell.search_submit')}
              </button>
            </div>
          </form>
        )}
        <p>
          <a className="button" href="/">
            {t('errors.back_home')}
            <ArrowIcon className="inline-icon" />
          </a>
        </p>
      </div>
    </section>
  );
}
