import { toggleSubmenu, wrapFocusIndex } from './menu-state';

describe('main menu state', () => {
  it('opens a sub-menu, closes it on a repeated click, switches to another', () => {
    let open = toggleSubmenu(null, 'needs');
    expect(open).toBe('needs');
    open = toggleSubmenu(open, 'needs');
    expect(open).toBeNull();
    open = toggleSubmenu(toggleSubmenu(null, 'needs'), 'brands');
    expect(open).toBe('brands');
  });

  it('wraps focus at both ends of the drawer only', () => {
    expect(wrapFocusIndex(4, 5, false)).toBe(0);
    expect(wrapFocusIndex(0, 5, true)).toBe(4);
    expect(wrapFocusIndex(2, 5, false)).toBeNull();
    expect(wrapFocusIndex(2, 5, true)).toBeNull();
    expect(wrapFocusIndex(-1, 5, true)).toBe(4);
    expect(wrapFocusIndex(0, 0, false)).toBeNull();
  });
});
