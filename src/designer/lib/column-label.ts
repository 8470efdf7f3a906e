import type { Captioned } from '../../../contract';

/** How a column reads in a picker: "caption (name)" with its caption in the UI language, or the name alone. */
export const columnLabel = (column: Captioned, captionOf: (column: Captioned) => string): string => {
  const caption = captionOf(column);
  return caption && caption !== column.name ? `${caption} (${column.name})` : column.name;
};
