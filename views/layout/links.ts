/** Link helpers of the shell's menus (header and footer). */

/** Whether a menu link is the current page, or the current page lies below it. */
export function linkState(href: string, currentPath: string): { current: boolean; active: boolean } {
  const current = href === currentPath;
  const active = current || (href !== '/' && !/^https?:/.test(href) && currentPath.startsWith(`${href}/`));
  return { current, active };
}

export const isExternal = (href: string) => /^https?:\/\//.test(href);

/** The footer menu entry that is the 'cookie preferences' link (the cookie page). */
export const COOKIE_PREFERENCES_KEY = 'cookies';
