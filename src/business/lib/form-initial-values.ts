import type { Relation } from '../../../contract';
import type { BusinessRecord } from './business-record';
import { BUILT_IN_CODEC, type CodecOf } from './column-widgets';
import type { FormFieldSpec, FormMode } from './form-fields';
import type { SubForm } from './record-payload';
import { pickedRecords } from './record-payload';
import { loadedRows } from './sub-rows';

const isTrue = (text: string | null | undefined): boolean =>
  typeof text === 'string' && ['true', '1'].includes(text.trim().toLowerCase());

/** One record's values as its inputs hold them (a new record: switches start at their default). */
export const recordFormValues = (
  fields: readonly FormFieldSpec[],
  record: BusinessRecord | undefined,
  toOne?: ReadonlyMap<string, Relation>,
  codecOf?: CodecOf,
): Record<string, unknown> => {
  // Every loaded value stays (keys of sub-table rows are needed to save them), inputs converted.
  const values: Record<string, unknown> = { ...record };
  for (const { column } of fields) {
    const relation = toOne?.get(column.name);
    if (relation) values[column.name] = pickedRecords(relation, record, column.name);
    else if (record)
      values[column.name] = (codecOf?.(column) ?? BUILT_IN_CODEC).toForm(column, record[column.name]);
    else if (column.dataType === 'BOOL') values[column.name] = isTrue(column.defaultValue);
  }
  return values;
};

/** The initial values of a whole form: the record's fields plus one entry per sub-table. */
export const initialFormValues = (input: {
  mode: FormMode;
  fields: readonly FormFieldSpec[];
  record?: BusinessRecord;
  toOne?: ReadonlyMap<string, Relation>;
  subs: readonly SubForm[];
  codecOf?: CodecOf;
}): Record<string, unknown> => {
  const record = input.mode === 'update' ? input.record : undefined;
  const values = recordFormValues(input.fields, record, input.toOne, input.codecOf);
  for (const sub of input.subs) {
    const { name, kind } = sub.section;
    if (kind === 'many') {
      values[name] = loadedRows(record?.[name]).map((row) =>
        recordFormValues(sub.updateFields, row, sub.toOne, input.codecOf),
      );
      continue;
    }
    const loaded = record?.[name];
    values[name] =
      typeof loaded === 'object' && loaded !== null && !Array.isArray(loaded)
        ? recordFormValues(sub.updateFields, loaded as BusinessRecord, sub.toOne, input.codecOf)
        : recordFormValues(sub.createFields, undefined, sub.toOne);
  }
  return values;
};
