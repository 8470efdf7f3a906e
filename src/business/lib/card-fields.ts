/** Most fields a record card shows under its title. */
export const CARD_FIELDS = 4;

/**
 * The fields a record card (the list on a phone) shows under its title: the columns the list
 * shows, in its order, without the title column (it heads the card) and, when there is a title
 * column, without the key columns; at most `max`.
 */
export const cardFields = <C extends { name: string }>(
  columns: readonly C[],
  titleName: string | null | undefined,
  keyNames: readonly string[],
  max = CARD_FIELDS,
): C[] =>
  columns
    .filter((column) => column.name !== titleName && !(titleName && keyNames.includes(column.name)))
    .slice(0, max);
