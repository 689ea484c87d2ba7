import { useEffect, useId, useRef } from 'react';
import type { Locale } from '../../contracts/route-table';

export interface QrLanguageModalProps {
  /** This page in each language of the shop (without the utm_medium query, so the modal does not return). */
  languages: Array<{ locale: Locale; label: string; url: string; cta?: string }>;
  labels: { title: string; text: string };
}

/**
 * SPEC §2.2: a visitor who scanned a QR code (utm_medium=QRcode) first chooses a language. The modal
 * cannot be cancelled: no close button, Escape is swallowed, and should the browser close the dialog
 * anyway (Chrome lets a second Escape through without user activation) it opens again. A native
 * modal <dialog> makes the page behind it inert and keeps focus inside. Without JavaScript the same
 * markup shows as a fixed overlay (CSS).
 */
export default function QrLanguageModal({ languages, labels }: QrLanguageModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    let leaving = false;
    const open = () => {
      if (!leaving && !dialog.open && dialog.isConnected) dialog.showModal();
    };
    const swallowEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    const preventCancel = (event: Event) => event.preventDefault();
    const onLeave = () => {
      leaving = true;
    };
    open();
    document.documentElement.classList.add('qr-modal-open');
    document.addEventListener('keydown', swallowEscape, true);
    dialog.addEventListener('cancel', preventCancel);
    dialog.addEventListener('close', open);
    window.addEventListener('pagehide', onLeave);
    return () => {
      leaving = true;
      document.documentElement.classList.remove('qr-modal-open');
      document.removeEventListener('keydown', swallowEscape, true);
      dialog.removeEventListener('cancel', preventCancel);
      dialog.removeEventListener('close', open);
      window.removeEventListener('pagehide', onLeave);
    };
  }, []);

  return (
    <div className="qr-overlay">
      <dialog ref={ref} className="qr-modal" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 className="qr-modal__title" id={titleId}>
          {labels.title}
        </h2>
        <p className="qr-modal__text" id={textId}>
          {labels.text}
        </p>
        <ul className="qr-modal__list">
          {languages.map((language) => (
            <li key={language.locale}>
              <a
                className="button qr-modal__choice"
                href={language.url}
                hrefLang={language.locale}
                lang={language.locale}
              >
                <span className="qr-modal__language">{language.label}</span>
                {language.cta && <span className="qr-modal__cta">{language.cta}</span>}
              </a>
            </li>
          ))}
        </ul>
      </dialog>
    </div>
  );
}
