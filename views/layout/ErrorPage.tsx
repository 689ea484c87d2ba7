import { useT } from '../render-context';

export interface ErrorPageProps {
  kind: 'notFound' | 'unauthorized' | 'error';
  status: number;
  /** Where the search form of the 404 page sends the visitor. */
  searchAction: string;
}

export function ErrorPage({ kind, searchAction }: ErrorPageProps) {
  const t = useT();
  return (
    <section className={`error-page error-page--${kind}`} aria-labelledby="error-title">
      <h1 id="error-title">{t(`errors.${kind}.title`)}</h1>
      <p>{t(`errors.${kind}.text`)}</p>
      {kind === 'notFound' && (
        <form className="error-page__search" role="search" action={searchAction} method="get">
          <label htmlFor="error-search">{t('errors.notFound.search_label')}</label>
          <input id="error-search" name="q" type="search" minLength={3} required />
          <button type="submit">{t('shell.search_submit')}</button>
        </form>
      )}
      <p>
        <a className="button" href="/">
          {t('errors.back_home')}
        </a>
      </p>
    </section>
  );
}
