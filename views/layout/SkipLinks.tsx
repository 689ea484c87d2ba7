import { useT } from '../render-context';

export const MAIN_CONTENT_ID = 'main-content';
export const MAIN_MENU_ID = 'main-menu';
export const HEADER_SEARCH_ID = 'header-search';

/** SPEC §2.2: skip links to the content, the menu and the search box (visible on focus). */
export function SkipLinks() {
  const t = useT();
  return (
    <nav className="skip-links" aria-label={t('shell.skip_links')}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('shell.skip_to_content')}
      </a>
      <a className="skip-link" href={`#${MAIN_MENU_ID}`}>
        {t('shell.skip_to_menu')}
      </a>
      <a className="skip-link" href={`#${HEADER_SEARCH_ID}`}>
        {t('shell.skip_to_search')}
      </a>
    </nav>
  );
}
