/** What a confirmation of the business list asks about. */
export type RecordAction = 'delete' | 'softDelete' | 'restore';

/** One line of a confirmation: an i18n key and its values. */
export interface ConfirmLine {
  key: string;
  values?: Record<string, string | number>;
}

/** How many titles a confirmation names before it says "and N more". */
export const NAMED_AT_MOST = 3;

/**
 * The lines of a delete / soft delete / restore confirmation: which records (named by their titles,
 * at most three, then how many more), then what happens to them: a soft delete moves them to the
 * recycle bin (restorable), a delete removes them for good. `quote` frames a title in the UI's
 * language (“…” / "…"), `separator` joins them (、 / , ).
 */
export const deleteConfirmLines = (
  action: RecordAction,
  titles: readonly string[],
  count: number,
  { quote = (text: string) => `“${text}”`, separator = '、' } = {},
): ConfirmLine[] => {
  const named = titles.filter((title) => title.trim() !== '').slice(0, NAMED_AT_MOST);
  const which: ConfirmLine =
    named.length === 0
      ? { key: 'recordConfirm.records', values: { count } }
      : count > named.length
        ? {
            key: `recordConfirm.namedMore.${action}`,
            values: { names: named.map(quote).join(separator), more: count - named.length, count },
          }
        : {
            key: `recordConfirm.named.${action}`,
            values: { names: named.map(quote).join(separator), count },
          };
  const fate: ConfirmLine = {
    key:
      action === 'softDelete'
        ? 'recordConfirm.toRecycleBin'
        : action === 'restore'
          ? 'recordConfirm.restored'
          : 'recordConfirm.goneForGood',
  };
  return [which, fate];
};
