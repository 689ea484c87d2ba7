import { useSyncExternalStore } from 'react';
import { cls } from '../components/cls';
import { ArrowUpIcon } from '../components/icons';
import { prefersReducedMotion } from './browser-hooks';

/** SPEC §2.2, §9: the button shows once the page is scrolled beyond 800 px. */
export const GO_TO_TOP_THRESHOLD = 800;

export function isPastThreshold(scrollY: number): boolean {
  return scrollY > GO_TO_TOP_THRESHOLD;
}

function subscribeScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

export interface GoToTopProps {
  label: string;
  /** Where focus lands after the jump (the logo: the start of the page for keyboard users). */
  focusSelector: string;
}

export default function GoToTop({ label, focusSelector }: GoToTopProps) {
  const visible = useSyncExternalStore(
    subscribeScroll,
    () => isPastThreshold(window.scrollY),
    () => false,
  );
  const goToTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    document.querySelector<HTMLElement>(focusSelector)?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className={cls('go-to-top', visible && 'is-visible')} onClick={goToTop}>
      <ArrowUpIcon />
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
