import type { Knex } from 'knex';
import { SYSTEM } from '../../db/table-names';
import { toNumber } from '../../db/values';

import type { ScreenSettings } from '../../schemas/screen-settings';

export type { ScreenSettings };

const FIELDS = {
  formBuilders: ['id', 'tableId', 'name', 'device', 'type', 'body'],
  extProperties: ['id', 'tableId', 'columnId', 'key', 'value'],
};

const ID_FIELDS = ['id', 'tableId', 'columnId'];

/** The ids of a row as numbers (PostgreSQL answers big integers as text). */
const numbers = (row: Record<string, unknown>) =>
  Object.fromEntries(ID_FIELDS.filter((field) => field in row).map((field) => [field, toNumber(row[field])]));

/**
 * The `tableFormBuilder` and `columnExtProperty` records of one table of a data source (kept in
 * primary, whose Knex `primary` is), in id order.
 */
export const loadScreenSettings = async (
  primary: Knex,
  dataSource: string,
  tableId: number,
): Promise<ScreenSettings> => {
  const of = async (table: string, fields: string[]) => {
    const rows: Record<string, unknown>[] = await primary(table)
      .where({ dataSource, tableId })
      .select([...fields, 'dataSource'])
      .orderBy('id');
    return rows.map((row) => ({ ...row, ...numbers(row) }));
  };
  const [formBuilders, extProperties] = await Promise.all([
    of(SYSTEM.tableFormBuilder, FIELDS.formBuilders),
    of(SYSTEM.columnExtProperty, FIELDS.extProperties),
  ]);
  return { formBuilders, extProperties } as unknown as ScreenSettings;
};
