/** Link helpers of the shell's menus (header and footer). */

/** Whether a menu link is the current page, or the current page lies below it. */
export function linkState(href: string, currentPath: string): { current: boolean; active: boolean } {
  const current = href === currentPath;
  const active = current || (href !== '/' && !/^https?:/.test(href) && currentPath.startsWith(`${href}/`));
  return { current, active };
}

export const isExternal = (href: string) => /^https?:\/\//.test(href);
