import { CloseIcon } from '../components/icons';
import { useStoredFlag } from './browser-hooks';

/** Same key and class as the boot script of RenderService, which hides the banner before first paint. */
export const DISCOUNT_BANNER_KEY = 'discount-banner-hidden';

export interface DiscountBannerProps {
  text: string;
  href?: string;
  labels: { region: string; link: string; hide: string };
}

/** The promotional banner above the header (SPEC §2.2); hiding it is remembered in localStorage. */
export default function DiscountBanner({ text, href, labels }: DiscountBannerProps) {
  const [hidden, setHidden] = useStoredFlag(DISCOUNT_BANNER_KEY);
  if (hidden) return null;
  const hide = () => {
    setHidden(true);
    document.documentElement.classList.add(DISCOUNT_BANNER_KEY);
    // The focused button disappears: continue from the start of the header.
    document.querySelector<HTMLElement>('.site-logo')?.focus();
  };
  return (
    <section className="discount-banner" aria-label={labels.region}>
      <div className="container discount-banner__inner">
        <p className="discount-banner__text">
          {text}
          {href && (
            <>
              {' '}
              <a className="discount-banner__link" href={href}>
                {labels.link}
              </a>
            </>
          )}
        </p>
        <button type="button" className="discount-banner__close icon-button" onClick={hide}>
          <CloseIcon />
          <span className="visually-hidden">{labels.hide}</span>
        </button>
      </div>
    </section>
  );
}
