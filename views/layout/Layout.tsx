import type { ReactNode } from 'react';
import type { Locale } from '../../contracts/route-table';
import type { CountryChoice, Crumb, LanguageLink, ShellData } from '../../contracts/shell';
import { labelsOf } from '../../contracts/i18n';
import ConsentManager from '../islands/ConsentManager';
import DiscountBanner from '../islands/DiscountBanner';
import GoToTop from '../islands/GoToTop';
import { Island } from '../islands/Island';
import LoadingBar from '../islands/LoadingBar';
import QrLanguageModal from '../islands/QrLanguageModal';
import { useT } from '../render-context';
import { Breadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { Header } from './Header';
import { COOKIE_PREFERENCES_KEY } from './links';
import { OldBrowserNotice } from './OldBrowserNotice';
import { MAIN_CONTENT_ID, SkipLinks } from './SkipLinks';

export interface LayoutProps {
  shell: ShellData;
  /** Full trail including home; empty on the home page. */
  breadcrumb: Crumb[];
  languages: LanguageLink[];
  countries: CountryChoice[];
  /**
   * Present when the visitor came from a QR code (utm_medium=QRcode). `cta` is "continue in this
   * language" written in that language, for a visitor who may not read the page's language.
   */
  qrLanguages?: Array<{ locale: Locale; label: string; url: string; cta?: string }>;
  currentPath: string;
  children: ReactNode;
}

/**
 * The shell of every page (SPEC §2.2): skip links, old-browser notice, discount banner, loading bar,
 * header with menu, breadcrumb (not on home), the page, footer, go-to-top and, after a QR code scan,
 * the language choice. Server-rendered; the interactive parts are islands.
 */
export function Layout({ shell, breadcrumb, languages, countries, qrLanguages, currentPath, children }: LayoutProps) {
  const t = useT();
  const discountText = shell.settings.discount_banner_text;
  return (
    <>
      <SkipLinks />
      <OldBrowserNotice />
      {discountText && (
        <Island
          component={DiscountBanner}
          props={{
            text: discountText,
            href: shell.settings.discount_banner_link || undefined,
            labels: {
              region: t('shell.discount_region'),
              link: t('shell.discount_link'),
              hide: t('shell.discount_hide'),
            },
          }}
        />
      )}
      <Island
        component={LoadingBar}
        props={{
          labels: { loading: t('shell.loading'), failed: t('shell.loading_failed'), offline: t('shell.offline') },
        }}
      />
      <Header shell={shell} languages={languages} countries={countries} currentPath={currentPath} />
      <Breadcrumb trail={breadcrumb} />
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer shell={shell} />
      <Island component={GoToTop} props={{ label: t('shell.go_to_top'), focusSelector: '.site-logo' }} />
      <Island
        component={ConsentManager}
        props={{
          labels: labelsOf(t, 'shell.consent'),
          policyHref: shell.footerMenu.find((link) => link.key === COOKIE_PREFERENCES_KEY)?.href,
        }}
      />
      {/* A one-language shop has nothing to choose: no modal. */}
      {qrLanguages && qrLanguages.length > 1 && (
        <Island
          component={QrLanguageModal}
          props={{ languages: qrLanguages, labels: { title: t('shell.qr_title'), text: t('shell.qr_text') } }}
        />
      )}
    </>
  );
}
