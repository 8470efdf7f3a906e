/** Above this many cells a page of records renders only the rows in view (antd's virtual table). */
export const VIRTUAL_CELLS = 1000;

/** Height of the scrolling body of a virtual table, in pixels: about fifteen rows. */
export const VIRTUAL_BODY_HEIGHT = 640;

/**
 * The `scroll` of a records table: always wide enough for its columns; for large pages (rows ×
 * columns above VIRTUAL_CELLS) also a fixed body height, which makes the table virtual so that a
 * page of 100 rows × 30 columns renders as fast as one of 15.
 */
export const tableScroll = (
  rows: number,
  columns: number,
  width: number,
): { virtual: boolean; scroll: { x: number; y?: number } } =>
  rows * columns > VIRTUAL_CELLS
    ? { virtual: true, scroll: { x: width, y: VIRTUAL_BODY_HEIGHT } }
    : { virtual: false, scroll: { x: width } };
