import type { Column } from './metadata';

const given = (value: string | null | undefined): boolean =>
  value !== null && value !== undefined && value !== '';

/**
 * Whether something fills a column that a create leaves out: its default (crudboard's literal or
 * the database's own expression), its sequence or auto-increment. Such a column is never required
 * on create, even when it is not nullable.
 */
export const filledWhenOmitted = (
  column: Pick<Column, 'defaultValue' | 'nativeDefault' | 'seqId' | 'autoIncrement'>,
): boolean =>
  given(column.defaultValue) ||
  given(column.nativeDefault) ||
  (column.seqId !== null && column.seqId !== undefined) ||
  Boolean(column.autoIncrement);
