import type { Column } from '../../../contract';
import { toFormValue, toWireValue } from './field-values';

/**
 * The input (`interface`) and list cell (`display`) chosen for a column in the table designer,
 * stored as `columnExtProperty` records (docs/extending.md): key `interface` or `display`, value
 * JSON text `{"id": "<registered id>"}`. No record means the data type's built-in one.
 */
export const WIDGET_KEYS = ['interface', 'display'] as const;
export type WidgetKey = (typeof WIDGET_KEYS)[number];

/** A stored choice, with its record id (for PATCH / DELETE). */
export interface StoredWidget {
  recordId: number;
  columnId: number;
  key: WidgetKey;
  id: string;
}

/** The chosen ids of one column. */
export type WidgetChoice = Partial<Record<WidgetKey, string>>;

/** Something a column can pick: an id and the data types it works with. */
export interface Pickable {
  id: string;
  types: readonly string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOf = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

const isWidgetKey = (key: unknown): key is WidgetKey => WIDGET_KEYS.includes(key as WidgetKey);

/** The stored choices of `columnExtProperty` records; other keys and malformed records are dropped. */
export const parseStoredWidgets = (records: readonly unknown[]): StoredWidget[] =>
  records.flatMap((record): StoredWidget[] => {
    if (!isObject(record) || !isWidgetKey(record.key)) return [];
    const recordId = numberOf(record.id);
    const columnId = numberOf(record.columnId);
    if (recordId === undefined || columnId === undefined) return [];
    let value: unknown = record.value;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        return [];
      }
    }
    if (!isObject(value) || typeof value.id !== 'string' || value.id === '') return [];
    return [{ recordId, columnId, key: record.key, id: value.id }];
  });

/** The choices by column id. */
export const widgetChoices = (stored: readonly StoredWidget[]): Map<number, WidgetChoice> => {
  const choices = new Map<number, WidgetChoice>();
  for (const widget of stored) {
    choices.set(widget.columnId, { ...choices.get(widget.columnId), [widget.key]: widget.id });
  }
  return choices;
};

/** The registered widgets a column of `dataType` can pick, in registry order. */
export const widgetsFor = <T extends Pickable>(registry: ReadonlyMap<string, T>, dataType: string): T[] =>
  [...registry.values()].filter((widget) => widget.types.includes(dataType));

/**
 * The widget to use for a column: the chosen one while it is registered and works with the
 * column's data type (the type may have changed since), else none (the built-in one).
 */
export const chosenWidget = <T extends Pickable>(
  registry: ReadonlyMap<string, T>,
  id: string | undefined,
  dataType: string,
): T | undefined => {
  if (id === undefined) return undefined;
  const widget = registry.get(id);
  return widget?.types.includes(dataType) ? widget : undefined;
};

/** The `columnExtProperty` record of a choice. */
export const widgetRecord = (tableId: number, columnId: number, key: WidgetKey, id: string) => ({
  tableId,
  columnId,
  key,
  value: JSON.stringify({ id }),
});

/** How a column's value moves between the record and its input. */
export interface ValueCodec {
  /** A record value as the input holds it. */
  toForm: (column: Pick<Column, 'dataType'>, value: unknown) => unknown;
  /** The input's value as the server takes it; undefined when blank. */
  toWire: (column: Pick<Column, 'dataType'>, value: unknown) => unknown;
}

/** The data types' own conversions. */
export const BUILT_IN_CODEC: ValueCodec = { toForm: toFormValue, toWire: toWireValue };

/** A column's codec by its id (update and create forms convert values through it). */
export type CodecOf = (column: Pick<Column, 'id' | 'dataType'>) => ValueCodec;

/**
 * The codec of each column: the conversions of the input chosen for it in the table designer, where
 * that input has its own, else the data type's.
 */
export const codecResolver =
  (
    interfaces: ReadonlyMap<string, Pickable & Partial<ValueCodec>>,
    widgets: ReadonlyMap<number, WidgetChoice>,
  ): CodecOf =>
  (column) => {
    const id = column.id === undefined ? undefined : widgets.get(column.id)?.interface;
    const chosen = chosenWidget(interfaces, id, column.dataType);
    if (!chosen) return BUILT_IN_CODEC;
    return { toForm: chosen.toForm ?? toFormValue, toWire: chosen.toWire ?? toWireValue };
  };
