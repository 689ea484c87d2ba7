import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cls } from '../components/cls';
import { ChevronIcon, CloseIcon, ExternalIcon, MenuIcon } from '../components/icons';
import { MOBILE_QUERY } from './browser-hooks';
import { toggleSubmenu, wrapFocusIndex } from './menu-state';

export interface MenuEntryView {
  key: string;
  label: string;
  href: string;
  /** The visitor is on this entry's page (aria-current). */
  current: boolean;
  /** The visitor is on this entry's page or below it (highlighted). */
  active: boolean;
}

export interface MenuItemView extends MenuEntryView {
  /** Accessible name of the button that opens the sub-menu ("Sous-menu Nos produits"). */
  toggleLabel: string;
  children: MenuEntryView[];
}

export interface MainMenuProps {
  navId: string;
  items: MenuItemView[];
  /** Links of the header's top bar repeated at the bottom of the phone drawer. */
  extraLinks: Array<{ key: string; label: string; href: string; external: boolean }>;
  labels: { menu: string; close: string; external: string };
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * Main menu (SPEC §2.2): a bar with drop-down sub-menus on desktop; up to 1024 px a burger opens it as
 * a drawer whose sub-menus open and close on repeated clicks. Escape closes, focus stays inside the
 * open drawer and goes back to the burger when it closes. Without JavaScript the top-level links
 * show as a plain list (see CSS).
 */
export default function MainMenu({ navId, items, extraLinks, labels }: MainMenuProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const closeDrawer = () => {
    setDrawerOpen(false);
    burgerRef.current?.focus();
  };

  // The page behind an open drawer must not scroll (CSS limits this to the mobile widths).
  useEffect(() => {
    document.documentElement.classList.toggle('menu-open', drawerOpen);
    if (drawerOpen) requestAnimationFrame(() => closeRef.current?.focus());
  }, [drawerOpen]);

  // A click outside closes a desktop drop-down.
  useEffect(() => {
    if (openKey === null) return;
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenKey(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [openKey]);

  // "Skip to menu" opens the drawer where the menu is folded away.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="#${navId}"]`);
      if (!link || !window.matchMedia(MOBILE_QUERY).matches) return;
      event.preventDefault();
      setDrawerOpen(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navId]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      if (drawerOpen && window.matchMedia(MOBILE_QUERY).matches) {
        closeDrawer();
      } else if (openKey !== null) {
        const toggle = navRef.current?.querySelector<HTMLButtonElement>(`[data-menu-key="${openKey}"]`);
        setOpenKey(null);
        toggle?.focus();
      }
      return;
    }
    if (event.key !== 'Tab' || !drawerOpen || !navRef.current) return;
    const focusable = [...navRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null,
    );
    const target = wrapFocusIndex(
      focusable.indexOf(document.activeElement as HTMLElement),
      focusable.length,
      event.shiftKey,
    );
    if (target === null) return;
    event.preventDefault();
    focusable[target].focus();
  };

  return (
    <>
      <button
        ref={burgerRef}
        type="button"
        className="menu-toggle"
        aria-expanded={drawerOpen}
        aria-controls={navId}
        onClick={() => setDrawerOpen(true)}
      >
        <MenuIcon />
        <span className="menu-toggle__text">{labels.menu}</span>
      </button>
      <div className={cls('menu-backdrop', drawerOpen && 'is-open')} onClick={closeDrawer} aria-hidden="true" />
      <nav
        ref={navRef}
        id={navId}
        className={cls('main-nav', drawerOpen && 'is-open')}
        aria-label={labels.menu}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="main-nav__head">
          <span className="main-nav__title" aria-hidden="true">
            {labels.menu}
          </span>
          <button ref={closeRef} type="button" className="icon-button main-nav__close" onClick={closeDrawer}>
            <CloseIcon />
            <span className="visually-hidden">{labels.close}</span>
          </button>
        </div>
        <ul className="main-nav__list">
          {items.map((item) => {
            const expanded = openKey === item.key;
            const subId = `${navId}-${item.key}`;
            return (
              <li
                key={item.key}
                className={cls(
                  'main-nav__item',
                  item.children.length > 0 && 'has-children',
                  expanded && 'is-open',
                  item.active && 'is-active',
                )}
              >
                <div className="main-nav__row">
                  <a className="main-nav__link" href={item.href} aria-current={item.current ? 'page' : undefined}>
                    {item.label}
                  </a>
                  {item.children.length > 0 && (
                    <button
                      type="button"
                      className="main-nav__toggle"
                      aria-expanded={expanded}
                      aria-controls={subId}
                      data-menu-key={item.key}
                      onClick={() => setOpenKey((current) => toggleSubmenu(current, item.key))}
                    >
                      <ChevronIcon />
                      <span className="visually-hidden">{item.toggleLabel}</span>
                    </button>
                  )}
                </div>
                {item.children.length > 0 && (
                  <ul id={subId} className="main-nav__sub">
                    {item.children.map((child) => (
                      <li key={child.key}>
                        <a
                          className="main-nav__sublink"
                          href={child.href}
                          aria-current={child.current ? 'page' : undefined}
                        >
                          {child.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
        {extraLinks.length > 0 && (
          <ul className="main-nav__extra">
            {extraLinks.map((link) => (
              <li key={link.key}>
                <a className="main-nav__extra-link" href={link.href}>
                  {link.label}
                  {link.external && (
                    <>
                      <ExternalIcon className="inline-icon" />
                      <span className="visually-hidden"> {labels.external}</span>
                    </>
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </>
  );
}
