/** What antd's Grid.useBreakpoint reports: which of its breakpoints the window reaches. */
export type ScreenMatches = Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl', boolean>>;

/** How the signed-in frame and the lists fit the window. */
export interface ScreenLayout {
  /** Below lg (992 px: phones and tablets held upright): the side menu opens as a drawer from a button in the header. */
  drawerMenu: boolean;
  /** Below md (768 px: phones): a list shows its records as cards, and pages use narrower margins. */
  phone: boolean;
}

/**
 * The layout for the breakpoints the window reaches. Until the breakpoints are known (nothing
 * reported yet: the first render, or a page without media queries) it is the desktop one, so a wide
 * window never flashes the phone layout.
 */
export const screenLayout = (screens: ScreenMatches): ScreenLayout => {
  const known = screens.xs === true || screens.sm === true;
  return {
    drawerMenu: known && screens.lg !== true,
    phone: known && screens.md !== true,
  };
};
