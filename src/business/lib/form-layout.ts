import type { Column } from '../../../contract';
import type { FormLayout } from './business-meta';
import type { FormFieldSpec } from './form-fields';

/** antd's grid has 24 columns. */
export const GRID_COLUMNS = 24;

export interface PlacedField extends FormFieldSpec {
  /** Columns of the 24-column grid the field spans. */
  span: number;
}

/** Default width: long text takes a whole row, other inputs half of one. */
export const defaultSpan = (column: Pick<Column, 'dataType'>): number =>
  column.dataType === 'TEXT' || column.dataType === 'LONGTEXT' ? GRID_COLUMNS : GRID_COLUMNS / 2;

/** A layout width (1–24 grid units) as a span; anything else gives the default. */
export const spanOf = (width: number | undefined, column: Pick<Column, 'dataType'>): number => {
  if (width === undefined || !Number.isFinite(width)) return defaultSpan(column);
  const rounded = Math.round(width);
  return rounded < 1 ? defaultSpan(column) : Math.min(rounded, GRID_COLUMNS);
};

/**
 * The fields of a form in grid order (docs/product.md §3 form layout): with a saved layout its columns in its
 * order and widths, followed by any required field it leaves out (so a record can still be
 * saved); without one (or when it names none of the fields) every field in column order with the
 * default widths.
 */
export const placeFields = (
  fields: readonly FormFieldSpec[],
  layout: FormLayout | undefined,
): PlacedField[] => {
  const byId = new Map(
    fields.filter((field) => field.column.id !== undefined).map((field) => [field.column.id, field]),
  );
  const placed: PlacedField[] = [];
  const used = new Set<FormFieldSpec>();
  for (const item of layout?.body ?? []) {
    const field = byId.get(item.columnId);
    if (!field || used.has(field)) continue;
    used.add(field);
    placed.push({ ...field, span: spanOf(item.width, field.column) });
  }
  if (placed.length === 0) return fields.map((field) => ({ ...field, span: defaultSpan(field.column) }));
  for (const field of fields) {
    if (!used.has(field) && field.required) placed.push({ ...field, span: defaultSpan(field.column) });
  }
  return placed;
};
