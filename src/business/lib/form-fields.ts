import {
  filledWhenOmitted,
  isSearchBody,
  isServerFilled,
  SOFT_DELETE_COLUMN,
  type Column,
  type Table,
} from '../../../contract';
import { fieldFormatOf, fieldKindOf, type FieldFormat, type FieldKind } from './field-kinds';

export type FormMode = 'create' | 'update';

/** One input of a record form. */
export interface FormFieldSpec {
  column: Column;
  /** Shown but not editable (docs/product.md §5: non-updatable columns on edit; every column of a read-only table). */
  readOnly: boolean;
  /** Marked and checked as required (docs/product.md §5). */
  required: boolean;
  /** An input of its own instead of the data type's (see field-kinds). */
  kind?: FieldKind;
  /** A text rule the server checks too, said in the form as the value is typed (see field-kinds). */
  format?: FieldFormat;
}

export interface FormFieldOptions {
  /** Columns left out of the form (a sub-table's foreign key, docs/product.md §5). */
  hidden?: readonly string[];
  /** The whole form is read-only (as is any table flagged readOnly). */
  readOnly?: boolean;
  /**
   * On edit, the columns the server fills are shown read-only after the others (`show`, a main
   * form) or left out (`hide`, a sub-table row).
   */
  serverFilled?: 'show' | 'hide';
}

/** Whether a create form asks for a column: insertable, not auto-increment, not filled by the server. */
const onCreateForm = (column: Column): boolean =>
  column.insertable !== false && !column.autoIncrement && !isServerFilled(column.name);

/**
 * A create must give a value: not nullable, and neither a default (crudboard's or the database's
 * own), a sequence nor auto-increment that would fill it (the server's rule, so the marker never
 * asks for what the server or the database supplies).
 */
const requiredOnCreate = (column: Column): boolean => column.nullable === false && !filledWhenOmitted(column);

/**
 * The inputs of a record form (docs/product.md §5): full-text columns and the soft-delete flag skipped; on create only the insertable
 * columns the server does not fill; on edit every column, the non-updatable ones (and the key)
 * read-only, the create form's fields first in their order, those the server fills read-only and
 * last (or left out, see `serverFilled`); required when not nullable (on edit only when also updatable; a blank password on
 * edit keeps the stored one, so it is never required there).
 */
export const formFields = (table: Table, mode: FormMode, options: FormFieldOptions = {}): FormFieldSpec[] => {
  const hidden = new Set(options.hidden ?? []);
  const keys = new Set(table.primaryNames ?? []);
  const tableReadOnly = Boolean(options.readOnly) || Boolean(table.readOnly);
  const filled = (column: Column): boolean => isServerFilled(column.name);
  const specs = table.columns.flatMap((column): FormFieldSpec[] => {
    // The soft-delete flag is the recycle bin's business (delete, restore), never a form's.
    if (isSearchBody(table, column) || hidden.has(column.name) || column.name === SOFT_DELETE_COLUMN)
      return [];
    if (mode === 'create') {
      if (!onCreateForm(column)) return [];
      if (tableReadOnly) return [{ column, readOnly: true, required: false }];
      return [{ column, readOnly: false, required: requiredOnCreate(column) }];
    }
    if (filled(column))
      return options.serverFilled === 'hide' ? [] : [{ column, readOnly: true, required: false }];
    const readOnly = tableReadOnly || column.updatable === false || keys.has(column.name);
    // A password is never returned: a read-only one has nothing to show.
    if (readOnly && column.dataType === 'PASSWORD') return [];
    const required = !readOnly && column.nullable === false && column.dataType !== 'PASSWORD';
    return [{ column, readOnly, required }];
  });
  const kinded = specs.map((spec) => {
    const kind = fieldKindOf(table, spec.column);
    const format = fieldFormatOf(table, spec.column);
    return { ...spec, ...(kind ? { kind } : {}), ...(format ? { format } : {}) };
  });
  // The fields of the create form come first, in the same order, so none moves between create and
  // edit; then what only the edit form shows (the key, non-insertable columns); then the bookkeeping.
  const rank = (spec: FormFieldSpec): number => {
    if (filled(spec.column)) return 2;
    return mode === 'update' && !onCreateForm(spec.column) ? 1 : 0;
  };
  return [0, 1, 2].flatMap((group) => kinded.filter((spec) => rank(spec) === group));
};
