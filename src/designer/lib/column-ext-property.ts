/** The key of a column's value-dialog extension property (`columnExtProperty`, docs/product.md §3). */
export const VALUE_DIALOG_KEY = 'valueDialog';

/** A stored value dialog of a column, with its record id (for PATCH / DELETE). */
export interface StoredValueDialog {
  id: number;
  columnId: number;
  name: string;
  url: string;
}

export interface ValueDialogInput {
  name: string;
  url: string;
}

export type ValueDialogIssue = 'required' | 'invalidUrl';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOf = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

/** The stored value dialogs of `columnExtProperty` records; other keys and malformed records are dropped. */
export const parseStoredValueDialogs = (records: readonly unknown[]): StoredValueDialog[] =>
  records.flatMap((record): StoredValueDialog[] => {
    if (!isObject(record) || record.key !== VALUE_DIALOG_KEY) return [];
    const id = numberOf(record.id);
    const columnId = numberOf(record.columnId);
    if (id === undefined || columnId === undefined) return [];
    let value: unknown = record.value;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        value = undefined;
      }
    }
    const name = isObject(value) && typeof value.name === 'string' ? value.name : '';
    const url = isObject(value) && typeof value.url === 'string' ? value.url : '';
    return [{ id, columnId, name, url }];
  });

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Whether a dialog URL may be embedded: an absolute http(s) URL, or a path on the app's own origin
 * (`/page`, `./page`, `page?x=1`); never another scheme (`javascript:`), a protocol-relative
 * `//host` or backslashes and spaces that browsers read as something else.
 */
export const isDialogUrl = (url: string): boolean => {
  const text = url.trim();
  if (text === '' || /[\s\\]/.test(text)) return false;
  if (SCHEME.test(text)) {
    if (!/^https?:\/\//i.test(text)) return false;
    try {
      return new URL(text).hostname !== '';
    } catch {
      return false;
    }
  }
  return !text.startsWith('//');
};

/** Problems of a value-dialog form, by field. */
export const valueDialogIssues = (
  input: ValueDialogInput,
): Partial<Record<keyof ValueDialogInput, ValueDialogIssue>> => {
  const issues: Partial<Record<keyof ValueDialogInput, ValueDialogIssue>> = {};
  if (input.name.trim() === '') issues.name = 'required';
  if (input.url.trim() === '') issues.url = 'required';
  else if (!isDialogUrl(input.url)) issues.url = 'invalidUrl';
  return issues;
};

/** The `columnExtProperty` record of a column's value dialog (value as JSON text `{name, url}`). */
export const valueDialogRecord = (tableId: number, columnId: number, input: ValueDialogInput) => ({
  tableId,
  columnId,
  key: VALUE_DIALOG_KEY,
  value: JSON.stringify({ name: input.name.trim(), url: input.url.trim() }),
});
