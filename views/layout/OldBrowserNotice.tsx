import { WarningIcon } from '../components/icons';
import { useT } from '../render-context';

/** Same key and class as the boot script of RenderService and public/old-browser.js. */
export const OLD_BROWSER_KEY = 'old-browser-notice-dismissed';

/**
 * Notice for old Internet Explorer (SPEC §2.2), dismissible and remembered. Not an island: IE cannot
 * run the ES-module client bundle at all. The markup is always there and hidden by CSS; IE 10/11
 * reveal it through an IE-only media query (even without JavaScript), and public/old-browser.js, a
 * tiny ES5 script loaded with `nomodule` (so modern browsers never fetch it), marks any IE and wires
 * the dismiss button. The boot script hides a remembered dismissal before first paint.
 */
export function OldBrowserNotice() {
  const t = useT();
  return (
    <>
      <div
        className="old-browser-notice"
        id="old-browser-notice"
        role="region"
        aria-label={t('shell.old_browser_region')}
      >
        <div className="container old-browser-notice__inner">
          <WarningIcon className="old-browser-notice__icon" />
          <p className="old-browser-notice__text">
            <strong>{t('shell.old_browser_title')}</strong> {t('shell.old_browser_text')}
          </p>
          <button
            type="button"
            className="button button--small old-browser-notice__dismiss"
            id="old-browser-notice-dismiss"
          >
            {t('shell.old_browser_dismiss')}
          </button>
        </div>
      </div>
      <script noModule defer src="/old-browser.js" />
    </>
  );
}
