import { ROW_FIELD } from './grid-errors';

/**
 * The column settings the designer keeps out of its grid, in the order of a row's 更多 / More
 * drawer. The grid shows the common ones (caption, name, type, length, nullable, the five flags).
 */
export const MORE_FIELDS = [
  'captionEn',
  'precision',
  'scale',
  'unsigned',
  'autoIncrement',
  'indexType',
  'indexStorage',
  'indexName',
  'defaultValue',
  'options',
  'seqId',
  'description',
  'interface',
  'display',
  'extension',
] as const;

export type MoreField = (typeof MORE_FIELDS)[number];

/** The drawer field a message about `field` belongs to (`captions…` → the English caption), or null. */
export const moreFieldOf = (field: string): MoreField | null => {
  if (field === 'captions' || field.startsWith('captions.') || field.startsWith('captions['))
    return 'captionEn';
  return (MORE_FIELDS as readonly string[]).includes(field) ? (field as MoreField) : null;
};

/** A row's messages that belong to fields in its drawer, by drawer field (first message each). */
export const moreErrors = (
  errors: Record<string, string> | undefined,
): Partial<Record<MoreField, string>> => {
  const found: Partial<Record<MoreField, string>> = {};
  for (const [field, message] of Object.entries(errors ?? {})) {
    if (field === ROW_FIELD) continue;
    const more = moreFieldOf(field);
    if (more && found[more] === undefined) found[more] = message;
  }
  return found;
};
