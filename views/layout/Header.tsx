import { labelsOf } from '../../contracts/i18n';
import { buildPath } from '../../contracts/route-table';
import type { CountryChoice, LanguageLink, MenuLink, ShellData } from '../../contracts/shell';
import { ChatIcon, ExternalIcon, PinIcon } from '../components/icons';
import HeaderSearch from '../islands/HeaderSearch';
import { Island } from '../islands/Island';
import LanguageSwitch from '../islands/LanguageSwitch';
import MainMenu, { type MenuItemView } from '../islands/MainMenu';
import { useRender } from '../render-context';
import { linkState } from './links';
import { Logo } from './Logo';
import { HEADER_SEARCH_ID, MAIN_MENU_ID } from './SkipLinks';

export interface HeaderProps {
  shell: ShellData;
  languages: LanguageLink[];
  countries: CountryChoice[];
  currentPath: string;
}

function menuItems(menu: MenuLink[], currentPath: string, toggleLabel: (label: string) => string): MenuItemView[] {
  return menu.map((item) => {
    const children = item.children.map((child) => ({
      key: child.key,
      label: child.label,
      href: child.href,
      ...linkState(child.href, currentPath),
    }));
    const own = linkState(item.href, currentPath);
    return {
      key: item.key,
      label: item.label,
      href: item.href,
      current: own.current,
      active: own.active || children.some((c) => c.active),
      toggleLabel: toggleLabel(item.label),
      children,
    };
  });
}

/**
 * SPEC §2.2 header: top bar (who can advise you, the country's professional site, language and
 * country switch), logo to home, search with latest searches, store finder, main menu (a drawer up
 * to 1024 px).
 */
export function Header({ shell, languages, countries, currentPath }: HeaderProps) {
  const { t, locale, shopCode } = useRender();
  const advice = buildPath('whoCanGiveYouAdvice', locale);
  const storeFinder = buildPath('storeFinder', locale);
  const proUrl = shell.country.proUrl;
  const otherCountries = countries
    .filter((country) => country.code !== shopCode)
    .map(({ code, name, languages: links }) => ({ code, name, languages: links }));
  const externalNote = t('shell.external_site');
  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <a
            className="topbar__link topbar__advice"
            href={advice}
            aria-current={advice === currentPath ? 'page' : undefined}
          >
            <ChatIcon className="inline-icon" />
            {t('shell.who_can_advise')}
          </a>
          <div className="topbar__end">
            {proUrl && (
              <a className="topbar__link" href={proUrl}>
                {t('shell.pro_area')}
                <ExternalIcon className="inline-icon" />
                <span className="visually-hidden"> {externalNote}</span>
              </a>
            )}
            <Island
              component={LanguageSwitch}
              className="topbar__lang"
              props={{
                languages,
                countries: otherCountries,
                labels: {
                  button: t('shell.language_switch'),
                  language: t('shell.language'),
                  country: t('shell.other_countries'),
                },
              }}
            />
          </div>
        </div>
      </div>
      <div className="container masthead">
        <a className="site-logo" href="/" aria-current={currentPath === '/' ? 'page' : undefined}>
          <Logo title={shell.appTitle} />
          <span className="visually-hidden"> – {t('shell.logo_home')}</span>
        </a>
        <Island
          component={HeaderSearch}
          className="island-contents"
          props={{
            action: buildPath('results', locale),
            inputId: HEADER_SEARCH_ID,
            collapsible: true,
            labels: {
              label: t('shell.search_label'),
              placeholder: t('shell.search_placeholder'),
              submit: t('shell.search_submit'),
              open: t('shell.search_open'),
              close: t('shell.search_close'),
              history: t('shell.search_history'),
              clearHistory: t('shell.search_history_clear'),
              minChars: t('shell.search_min_chars'),
            },
            suggestLabels: labelsOf(t, 'search.suggest'),
          }}
        />
        <a className="button masthead__cta" href={storeFinder}>
          <PinIcon className="inline-icon" />
          {t('shell.store_finder')}
        </a>
        <Island
          component={MainMenu}
          className="island-contents"
          props={{
            navId: MAIN_MENU_ID,
            items: menuItems(shell.mainMenu, currentPath, (label) => t('shell.submenu_toggle', { label })),
            extraLinks: [
              { key: 'advice', label: t('shell.who_can_advise'), href: advice, external: false },
              { key: 'stores', label: t('shell.store_finder'), href: storeFinder, external: false },
              ...(proUrl ? [{ key: 'pro', label: t('shell.pro_area'), href: proUrl, external: true }] : []),
            ],
            labels: {
              menu: t('shell.menu'),
              close: t('shell.menu_close'),
              external: externalNote,
            },
          }}
        />
      </div>
    </header>
  );
}
