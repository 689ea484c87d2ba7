import type { ReactNode } from 'react';
import type { Crumb } from '../../src/render/page-view';
import type { CountryChoice, ShellData } from '../../src/modules/shop/shop.types';
import type { Locale } from '../../src/common/routing/route-table';
import { useT } from '../render-context';

export interface LanguageLink {
  locale: Locale;
  label: string;
  url: string;
  current: boolean;
}

export interface LayoutProps {
  shell: ShellData;
  /** Full trail including home; empty on the home page. */
  breadcrumb: Crumb[];
  languages: LanguageLink[];
  countries: CountryChoice[];
  /** Present when the visitor came from a QR code (utm_medium=QRcode). */
  qrLanguages?: Array<{ locale: Locale; label: string; url: string }>;
  currentPath: string;
  children: ReactNode;
}

export function Layout({ shell, children }: LayoutProps) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('shell.skip_to_content')}
      </a>
      <header className="site-header">
        <a href="/" className="logo">
          {shell.appTitle}
        </a>
      </header>
      <main id="main-content" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
