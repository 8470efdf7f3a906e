/**
 * The columns a list shows when the room is limited: the title column first, then the others in
 * display order as long as each still fits; the first that does not fit and those after it are
 * left out (the column chooser shows them again). Returned in display order; never empty when
 * there are columns. `room` is the width left for data columns, in pixels.
 */
export const fitListColumns = <C extends { name: string }>(
  columns: readonly C[],
  room: number,
  widthOf: (column: C) => number,
  titleName?: string | null,
): C[] => {
  const title = columns.find((column) => column.name === titleName) ?? columns[0];
  if (!title) return [];
  const kept = new Set<C>([title]);
  let used = widthOf(title);
  for (const column of columns) {
    if (kept.has(column)) continue;
    used += widthOf(column);
    if (used > room) break;
    kept.add(column);
  }
  return columns.filter((column) => kept.has(column));
};
