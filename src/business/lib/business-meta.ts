/** A saved form layout (`tableFormBuilder`, docs/product.md §3): which columns a form or list shows. */
export interface FormLayoutItem {
  columnId: number;
  width?: number;
}

export type FormLayoutDevice = 'pc' | 'pad' | 'phone';
export type FormLayoutType = 'create' | 'update' | 'list';

export interface FormLayout {
  id?: number;
  tableId: number;
  device: FormLayoutDevice | string;
  type: FormLayoutType | string;
  body: FormLayoutItem[];
}

/** An external value dialog of a column (`columnExtProperty` with key `valueDialog`). */
export interface ValueDialog {
  columnId: number;
  name: string;
  url: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON text (or an already parsed value); undefined when it is not valid JSON. */
const parseJson = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
};

const numberOf = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

/** The items of a layout body (JSON text `[{columnId, width}]`); malformed items are dropped. */
export const parseLayoutBody = (body: unknown): FormLayoutItem[] => {
  const parsed = parseJson(body);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item): FormLayoutItem[] => {
    if (!isObject(item)) return [];
    const columnId = numberOf(item.columnId);
    if (columnId === undefined) return [];
    const width = numberOf(item.width);
    return [width === undefined ? { columnId } : { columnId, width }];
  });
};

/** The form layouts of `tableFormBuilder` records; records without a table id are dropped. */
export const parseFormLayouts = (records: readonly unknown[]): FormLayout[] =>
  records.flatMap((record): FormLayout[] => {
    if (!isObject(record)) return [];
    const tableId = numberOf(record.tableId);
    if (tableId === undefined) return [];
    const id = numberOf(record.id);
    return [
      {
        ...(id === undefined ? {} : { id }),
        tableId,
        device: String(record.device ?? ''),
        type: String(record.type ?? ''),
        body: parseLayoutBody(record.body),
      },
    ];
  });

/** The value dialogs of `columnExtProperty` records (`value`: JSON `{name, url}`); others are dropped. */
export const parseValueDialogs = (records: readonly unknown[]): ValueDialog[] =>
  records.flatMap((record): ValueDialog[] => {
    if (!isObject(record) || (record.key !== undefined && record.key !== 'valueDialog')) return [];
    const columnId = numberOf(record.columnId);
    const value = parseJson(record.value);
    if (columnId === undefined || !isObject(value) || typeof value.url !== 'string' || value.url === '')
      return [];
    return [{ columnId, name: typeof value.name === 'string' ? value.name : '', url: value.url }];
  });

/** The layout of a device and type (`pc` + `list` for the list columns), if one is saved. */
export const findLayout = (
  layouts: readonly FormLayout[],
  type: FormLayoutType,
  device: FormLayoutDevice = 'pc',
): FormLayout | undefined => layouts.find((layout) => layout.device === device && layout.type === type);
