/** The font size of a relation label in the graph's own units, at zoom 1. */
export const EDGE_LABEL_FONT_SIZE = 12;
/** The smallest size a label is read at on screen, in pixels. */
export const EDGE_LABEL_MIN_SCREEN_SIZE = 12;
/** How far a label may grow in the graph's units to stay readable when zoomed out. */
export const EDGE_LABEL_MAX_SCALE = 3;

/**
 * How much a relation label is enlarged in the graph at `zoom` so that it reads at
 * EDGE_LABEL_MIN_SCREEN_SIZE on screen when the graph is zoomed out to fit many tables; never
 * shrunk, and at most EDGE_LABEL_MAX_SCALE (further out, labels would cover the tables).
 */
export const edgeLabelScale = (zoom: number): number => {
  if (!Number.isFinite(zoom) || zoom <= 0) return 1;
  const needed = EDGE_LABEL_MIN_SCREEN_SIZE / (EDGE_LABEL_FONT_SIZE * zoom);
  return Math.min(Math.max(needed, 1), EDGE_LABEL_MAX_SCALE);
};
