/** The two lists of the layout builder. */
export type ListName = 'selected' | 'unselected';

/** The drag-and-drop id of a column's row, and back. */
export const itemId = (columnId: number) => `column-${columnId}`;
export const columnIdOf = (id: string | number) => Number(String(id).replace('column-', ''));
/** The drag-and-drop id of a list's drop zone. */
export const zoneId = (list: ListName) => `zone-${list}`;

/** The list a draggable or droppable belongs to (an item of a sortable list, or a list's zone). */
export const listOf = (data: Record<string, unknown> | undefined): ListName | undefined => {
  const sortable = data?.sortable as { containerId?: unknown } | undefined;
  const list = sortable?.containerId ?? data?.list;
  return list === 'selected' || list === 'unselected' ? list : undefined;
};
