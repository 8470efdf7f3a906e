/** A form path: `name`, `lines.0.name` → ['lines', 0, 'name']. */
export type FieldPath = (string | number)[];

export interface FieldError {
  name: FieldPath;
  errors: string[];
}

/** A server error field (docs/api.md §0 `errors`; children as `relation.index.column`) as a form path. */
export const toFieldPath = (field: string): FieldPath =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The server's field errors as form field errors, split into those a shown field can carry and
 * the rest (to be shown as a message, so that no error goes unseen).
 */
export const splitFieldErrors = (
  errors: Readonly<Record<string, string>> | undefined,
  isShown: (path: FieldPath) => boolean,
): { fields: FieldError[]; other: string[] } => {
  const fields: FieldError[] = [];
  const other: string[] = [];
  for (const [field, message] of Object.entries(errors ?? {})) {
    const name = toFieldPath(field);
    if (isShown(name)) fields.push({ name, errors: [message] });
    else other.push(`${field}: ${message}`);
  }
  return { fields, other };
};

/** The shape of a record form, for telling which server error paths have a field. */
export interface FormShape {
  /** Columns of the record's own inputs. */
  fields: readonly string[];
  subs: readonly { name: string; kind: 'one' | 'many'; fields: readonly string[] }[];
}

/** Whether a path names an input of the form: `col`, `one.col` or `many.<index>.col`. */
export const isFormPath = (shape: FormShape, path: FieldPath): boolean => {
  const [head, second, third] = path;
  if (path.length === 1) return typeof head === 'string' && shape.fields.includes(head);
  const sub = shape.subs.find((candidate) => candidate.name === head);
  if (!sub) return false;
  if (sub.kind === 'one')
    return path.length === 2 && typeof second === 'string' && sub.fields.includes(second);
  return (
    path.length === 3 && typeof second === 'number' && typeof third === 'string' && sub.fields.includes(third)
  );
};
