import { choiceCaption, choiceValuesOf } from '../../../../contract/choice';
import { recordTitle } from '../../../../contract/record-title';
import { absoluteAttachmentUrl } from '../../../../contract/stored-file';
import type { StoredTable } from '../metadata-rows';
import type { ExportColumn } from './export-columns';

export type ExportValue = string | number | boolean | null;

const scalar = (value: unknown): ExportValue => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
};

/** The title of an embedded related record (its title column's value, else its key), as the list shows it. */
const relatedTitle = (related: unknown, toTable: StoredTable): ExportValue => {
  if (related === null || related === undefined || typeof related !== 'object') return null;
  const title = recordTitle(toTable, related as Record<string, unknown>);
  return title === '' ? null : title;
};

/**
 * The display text of a related record in files of earlier versions: its non-key values joined with
 * a bar, else its key. An import still finds a record by it.
 */
export const relatedText = (related: unknown, keyName: string): ExportValue => {
  if (related === null || related === undefined || typeof related !== 'object') return null;
  const entries = Object.entries(related as Record<string, unknown>);
  const shown = entries
    .filter(([name, value]) => name !== keyName && value !== null && value !== undefined && value !== '')
    .map(([, value]) => String(scalar(value)));
  if (shown.length > 0) return shown.join('|');
  return scalar((related as Record<string, unknown>)[keyName]);
};

/**
 * The value an export writes for one column of a record: relation keys as the related record's
 * title, as the list shows it (docs/api.md §3), a choice column's values as their captions in the asker's
 * language when headers are captions, uploads as absolute links on `origin` when given, everything
 * else as the list returns it (dates already formatted).
 */
export const exportValue = (
  record: Record<string, unknown>,
  { column, relation, choiceLanguage }: ExportColumn,
  origin?: string,
): ExportValue => {
  const value = record[column.name];
  if (column.dataType === 'ATTACHMENT' && origin && typeof value === 'string') {
    return absoluteAttachmentUrl(value, origin);
  }
  if (choiceLanguage) {
    if (value === null || value === undefined || value === '') return null;
    // Each chosen value as its option's caption (a value no longer an option as it is).
    return choiceValuesOf(value, column.multipleValue)
      .map((chosen) => {
        const option = column.options?.find((one) => one.value === chosen);
        return option ? choiceCaption(option, choiceLanguage) : chosen;
      })
      .join(',');
  }
  if (relation) {
    const related = record[relation.name];
    if (Array.isArray(related)) {
      const texts = related.map((one) => relatedTitle(one, relation.toTable)).filter((text) => text !== null);
      if (texts.length > 0) return texts.join(',');
    } else {
      const text = relatedTitle(related, relation.toTable);
      if (text !== null) return text;
    }
  }
  return scalar(record[column.name]);
};
