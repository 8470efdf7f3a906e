import type { Column, Table } from '../../../contract';
import { isListable } from '../../business/lib/business-cells';
import type { FormLayout, FormLayoutItem, FormLayoutType } from '../../business/lib/business-meta';
import { formFields } from '../../business/lib/form-fields';
import { defaultListColumns } from '../../business/lib/list-columns';
import { GRID_COLUMNS, placeFields, spanOf } from '../../business/lib/form-layout';

/** A column chosen for a layout, with its width in grid units (forms only; lists ignore it). */
export interface BuilderItem {
  columnId: number;
  width: number;
}

/** The two lists of the form builder: the chosen columns in layout order, and the others. */
export interface BuilderState {
  selected: BuilderItem[];
  /** Column ids not in the layout, always in the table's column order. */
  unselected: number[];
}

export const LAYOUT_TYPES: FormLayoutType[] = ['list', 'create', 'update'];

/** Whether a layout type gives each field a width (forms do, the list does not). */
export const hasWidths = (type: FormLayoutType): boolean => type !== 'list';

const withId = (columns: readonly Column[]): Column[] => columns.filter((column) => column.id !== undefined);

/** The columns a layout of this type can hold: the list's listable columns, a form's fields. */
export const layoutColumns = (table: Table, type: FormLayoutType): Column[] =>
  withId(
    type === 'list'
      ? table.columns.filter((column) => isListable(table, column))
      : formFields(table, type).map((field) => field.column),
  );

/** A width clamped to 1–24 grid units (whole numbers); anything else gives `fallback`. */
export const clampWidth = (width: unknown, fallback: number): number => {
  if (typeof width !== 'number' || !Number.isFinite(width)) return fallback;
  return Math.min(GRID_COLUMNS, Math.max(1, Math.round(width)));
};

const unselectedOf = (candidates: readonly Column[], selected: readonly BuilderItem[]): number[] => {
  const chosen = new Set(selected.map((item) => item.columnId));
  return candidates.map((column) => column.id as number).filter((id) => !chosen.has(id));
};

/**
 * The builder's starting lists: a saved layout's columns in its order and widths; without one (or
 * one naming none of the columns) what the list or form shows today, so saving unchanged keeps it.
 */
export const initialBuilder = (
  table: Table,
  type: FormLayoutType,
  layout: FormLayout | undefined,
): BuilderState => {
  const candidates = layoutColumns(table, type);
  const byId = new Map(candidates.map((column) => [column.id as number, column]));
  const selected: BuilderItem[] = [];
  for (const item of layout?.body ?? []) {
    const column = byId.get(item.columnId);
    if (!column || selected.some((chosen) => chosen.columnId === item.columnId)) continue;
    selected.push({ columnId: item.columnId, width: spanOf(item.width, column) });
  }
  if (selected.length === 0) {
    const shown =
      type === 'list'
        ? defaultListColumns(table, []).map((column) => ({
            columnId: column.id as number,
            width: spanOf(undefined, column),
          }))
        : placeFields(formFields(table, type), undefined).map((field) => ({
            columnId: field.column.id as number,
            width: field.span,
          }));
    selected.push(...shown.filter((item) => byId.has(item.columnId)));
  }
  return { selected, unselected: unselectedOf(candidates, selected) };
};

/**
 * Moves a column into the chosen list at `index` (the end when out of range), or within it when
 * already chosen; a column the builder does not know changes nothing.
 */
export const selectColumn = (
  state: BuilderState,
  candidates: readonly Column[],
  columnId: number,
  index: number = state.selected.length,
): BuilderState => {
  const column = candidates.find((candidate) => candidate.id === columnId);
  if (!column) return state;
  const current = state.selected.find((item) => item.columnId === columnId);
  const rest = state.selected.filter((item) => item.columnId !== columnId);
  const at = index < 0 || index > rest.length ? rest.length : index;
  const item = current ?? { columnId, width: spanOf(undefined, column) };
  const selected = [...rest.slice(0, at), item, ...rest.slice(at)];
  return { selected, unselected: unselectedOf(candidates, selected) };
};

/** Moves a chosen column back to the others (which keep the table's column order). */
export const unselectColumn = (
  state: BuilderState,
  candidates: readonly Column[],
  columnId: number,
): BuilderState => {
  if (!state.selected.some((item) => item.columnId === columnId)) return state;
  const selected = state.selected.filter((item) => item.columnId !== columnId);
  return { selected, unselected: unselectedOf(candidates, selected) };
};

/** Moves the chosen column at `from` to `to`; indexes out of range change nothing. */
export const reorderSelected = (state: BuilderState, from: number, to: number): BuilderState => {
  const { length } = state.selected;
  if (from === to || from < 0 || to < 0 || from >= length || to >= length) return state;
  const selected = [...state.selected];
  const [item] = selected.splice(from, 1);
  selected.splice(to, 0, item as BuilderItem);
  return { ...state, selected };
};

/** Sets a chosen column's width (clamped to 1–24). */
export const setWidth = (state: BuilderState, columnId: number, width: unknown): BuilderState => ({
  ...state,
  selected: state.selected.map((item) =>
    item.columnId === columnId ? { ...item, width: clampWidth(width, item.width) } : item,
  ),
});

/** The items of the stored body: `[{columnId, width}]` for forms, `[{columnId}]` for the list. */
export const layoutItems = (state: BuilderState, type: FormLayoutType): FormLayoutItem[] =>
  state.selected.map((item) =>
    hasWidths(type) ? { columnId: item.columnId, width: item.width } : { columnId: item.columnId },
  );

/** The stored body text (docs/product.md §3 form layout: JSON list of items). */
export const serializeLayoutBody = (state: BuilderState, type: FormLayoutType): string =>
  JSON.stringify(layoutItems(state, type));

/** Whether two builder states would store the same body. */
export const sameBuilder = (a: BuilderState, b: BuilderState, type: FormLayoutType): boolean =>
  serializeLayoutBody(a, type) === serializeLayoutBody(b, type);

/** The layout the builder's state describes, as the list and the forms read it. */
export const draftLayout = (table: Table, type: FormLayoutType, state: BuilderState): FormLayout => ({
  tableId: table.id as number,
  device: 'pc',
  type,
  body: layoutItems(state, type),
});
