/**
 * The values a step writes, filled from its run: `$now` (the run's time, ISO 8601), `$user` (the
 * running user's username), `$userId` (their id), and `{{field}}`, a field of the run's record. A
 * value that is only one of these takes it as it is (a number stays a number); inside text, write
 * them in braces (`{{field}}`, `{{$user}}`) and they become text. A field the record lacks is null
 * (or empty inside text). Pure.
 */

/** What a step's templates may use. */
export interface StepScope {
  record: Readonly<Record<string, unknown>> | null;
  user: { id: number; username: string } | null;
  now: Date;
}

const WHOLE = /^\{\{\s*(\$?[A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;
const INSIDE = /\{\{\s*(\$?[A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** `$now`, `$user`, `$userId`, else a field of the record. */
const fieldOf = (scope: StepScope, name: string): unknown => {
  if (name === '$now') return scope.now.toISOString();
  if (name === '$user') return scope.user?.username ?? null;
  if (name === '$userId') return scope.user?.id ?? null;
  const record = scope.record;
  return record && Object.hasOwn(record, name) ? record[name] : null;
};

const textOf = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
};

/** One value filled: the templates above, anything else as it is (nested objects too). */
export const fillValue = (value: unknown, scope: StepScope): unknown => {
  if (typeof value === 'string') {
    if (value === '$now' || value === '$user' || value === '$userId') return fieldOf(scope, value);
    const whole = WHOLE.exec(value);
    if (whole?.[1] !== undefined) return fieldOf(scope, whole[1]) ?? null;
    return value.replace(INSIDE, (_match, name: string) => textOf(fieldOf(scope, name)));
  }
  if (Array.isArray(value)) return value.map((one) => fillValue(one, scope));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, one]) => [key, fillValue(one, scope)]));
  return value;
};

/** A step's `values` (or `input`) filled. */
export const fillValues = (
  values: Readonly<Record<string, unknown>>,
  scope: StepScope,
): Record<string, unknown> => fillValue(values, scope) as Record<string, unknown>;
