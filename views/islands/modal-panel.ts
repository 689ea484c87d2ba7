import { useEffect, useRef, type RefObject } from 'react';
import { wrapFocusIndex } from './menu-state';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The elements of `root` a keyboard can reach, in document order (hidden ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

/**
 * Makes every element outside `inside` inert (no focus, no pointer, hidden from assistive technology),
 * walking up from it to <body>; returns the undo. Elements already inert are left alone.
 */
export function inertOutside(inside: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (let el: HTMLElement = inside; el.parentElement && el !== document.body; el = el.parentElement) {
    for (const sibling of el.parentElement.children) {
      if (sibling === el || !(sibling instanceof HTMLElement) || sibling.inert || sibling.tagName === 'SCRIPT')
        continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return () => changed.forEach((el) => (el.inert = false));
}

interface ModalPanelOptions {
  /** Called on Escape. */
  onClose: () => void;
  /** Receives focus when the panel opens (else its first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Gets focus back when the panel closes (else whatever had it before). */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * An element of the page shown as a modal dialog while `open` (the listing's phone panels, which are
 * plain page sections on desktop, so not a <dialog>): focus moves in and Tab cycles inside it, the
 * rest of the page is inert, the page behind does not scroll (`html.has-modal-panel`), Escape calls
 * `onClose`, and focus goes back to the opener when it closes.
 */
export function useModalPanel(
  open: boolean,
  panel: RefObject<HTMLElement | null>,
  { onClose, initialFocus, returnFocus }: ModalPanelOptions,
): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const root = panel.current;
    if (!open || !root) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const opener = returnFocus?.current ?? before;
    const undoInert = inertOutside(root);
    document.documentElement.classList.add('has-modal-panel');
    (initialFocus?.current ?? focusableIn(root)[0] ?? root).focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      const current = items.indexOf(document.activeElement as HTMLElement);
      const target =
        current === -1
          ? event.shiftKey
            ? items.length - 1
            : 0
          : wrapFocusIndex(current, items.length, event.shiftKey);
      if (target === null || !items[target]) return;
      event.preventDefault();
      items[target].focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      undoInert();
      document.documentElement.classList.remove('has-modal-panel');
      opener?.focus();
    };
    // Refs are stable; the panel opens and closes with `open`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
