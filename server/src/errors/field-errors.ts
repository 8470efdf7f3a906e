import { FIELD_MESSAGES, fieldMessage, type FieldMessageKey, type Lang } from '../i18n/messages';

/** The parts of an ajv error object that are used here. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const fieldPath = (instancePath: string, child?: unknown): string => {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (typeof child === 'string') parts.push(child);
  return parts.join('.');
};

const keyOf = (keyword: string): FieldMessageKey =>
  keyword in FIELD_MESSAGES ? (keyword as FieldMessageKey) : 'invalid';

/**
 * Turns schema-validation errors into `{field: message}`: `limit`, `columns.0.name`; errors on the
 * whole part (a body that is not an object) are keyed by the part's name (`body`, `querystring`).
 */
export const fieldErrors = (
  errors: readonly SchemaError[],
  part: string,
  lang: Lang,
): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const child = error.params.missingProperty ?? error.params.additionalProperty;
    const field = fieldPath(error.instancePath, child) || part;
    if (field in out) continue;
    const params: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(error.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
    out[field] = fieldMessage(keyOf(error.keyword), lang, params);
  }
  return out;
};
