import type { ShellData } from '../../contracts/shell';
import { ExternalIcon, SocialIcon } from '../components/icons';
import { Island } from '../islands/Island';
import RotatingText from '../islands/RotatingText';
import { parseRotatingTexts } from '../islands/rotating-text';
import { useT } from '../render-context';
import { COOKIE_PREFERENCES_KEY, isExternal } from './links';
import { Logo } from './Logo';

/**
 * SPEC §2.2 footer: rotating reassurance text (every 2000 ms), the footer menu (about, professional
 * area, contact, help, legal notice, personal data, cookie preferences), social links, contact
 * details, copyright and the non-contractual photos note.
 */
export function Footer({ shell }: { shell: ShellData }) {
  const t = useT();
  const texts = parseRotatingTexts(shell.settings.footer_rotating_texts);
  const { phone, headquartersAddress } = shell.country;
  return (
    <footer className="site-footer">
      {texts.length > 0 && (
        <div className="footer-band">
          <div className="container">
            <Island
              component={RotatingText}
              props={{ texts, labels: { pause: t('shell.rotating_pause'), play: t('shell.rotating_play') } }}
            />
          </div>
        </div>
      )}
      <div className="container footer-main">
        <div className="footer-brand">
          <Logo title={shell.appTitle} />
          <p className="footer-brand__text">{t('shell.footer_about')}</p>
          {(headquartersAddress || phone) && (
            <address className="footer-brand__address">
              {headquartersAddress && <span>{headquartersAddress}</span>}
              {phone && (
                <span>
                  {t('shell.phone')} <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
                </span>
              )}
            </address>
          )}
        </div>
        {shell.footerMenu.length > 0 && (
          <nav className="footer-nav" aria-labelledby="footer-nav-title">
            <h2 className="footer-title" id="footer-nav-title">
              {t('shell.footer_information')}
            </h2>
            <ul className="footer-nav__list">
              {shell.footerMenu.map((link) => (
                <li key={link.key}>
                  <a href={link.href} data-consent-preferences={link.key === COOKIE_PREFERENCES_KEY ? '' : undefined}>
                    {link.label}
                    {isExternal(link.href) && (
                      <>
                        <ExternalIcon className="inline-icon" />
                        <span className="visually-hidden"> {t('shell.external_site')}</span>
                      </>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {shell.socialLinks.length > 0 && (
          <div className="footer-social">
            <h2 className="footer-title" id="footer-social-title">
              {t('shell.follow_us')}
            </h2>
            <ul className="footer-social__list" aria-labelledby="footer-social-title">
              {shell.socialLinks.map((link) => (
                <li key={link.key}>
                  <a className="footer-social__link" href={link.href} rel="noopener">
                    <SocialIcon network={link.key} />
                    <span className="visually-hidden">{link.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="footer-legal">
        <div className="container footer-legal__inner">
          {shell.settings.copyright && <p>{shell.settings.copyright}</p>}
          {shell.settings.photos_note && <p>{shell.settings.photos_note}</p>}
        </div>
      </div>
    </footer>
  );
}
