/** Windows narrower than this start with the side menu collapsed (icons only). */
export const NARROW_WINDOW = 1280;

/** The media query of a narrow window. */
export const NARROW_QUERY = `(max-width: ${NARROW_WINDOW - 0.02}px)`;

/**
 * Whether the side menu is collapsed. The toggle is remembered per window size: `wide` is the
 * stored choice for wide windows (collapsed only when the user folded it: `'1'`), `narrow` the one
 * for narrow windows (collapsed unless the user opened it: `'0'`).
 */
export const isSiderCollapsed = (
  narrow: boolean,
  wide: string | null,
  narrowChoice: string | null,
): boolean => (narrow ? narrowChoice !== '0' : wide === '1');
