/** What the variables of a row rule stand for, for one user (docs/permissions.md). */
export interface RuleVariables {
  /** The user's record (its columns by name: `id`, `username`, any added column). */
  user: Readonly<Record<string, unknown>>;
  /** The codes of the user's roles (`$user.roles`). */
  roles: readonly string[];
  now: Date;
}

/** A value written as a variable: `$now` or `$user.<name>` (anything else starting with `$` + a letter is unknown). */
export const isVariable = (value: unknown): value is string =>
  typeof value === 'string' && /^\$[A-Za-z]/.test(value);

/** The user column a `$user.<name>` variable names, `roles` included; null for `$now` or another. */
export const userVariableName = (variable: string): string | null => {
  const match = /^\$user\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(variable);
  return match?.[1] ?? null;
};

/**
 * The values a variable stands for: `$user.roles` the role codes (several), `$now` the time,
 * `$user.<column>` that column of the user's record; undefined for an unknown variable or a column
 * the record lacks or holds null in (the condition then matches nothing).
 */
export const variableValues = (variable: string, vars: RuleVariables): unknown[] | undefined => {
  if (variable === '$now') return [vars.now.toISOString()];
  const name = userVariableName(variable);
  if (name === null) return undefined;
  if (name === 'roles') return [...vars.roles];
  const value = vars.user[name];
  if (value === null || value === undefined) return undefined;
  return [typeof value === 'bigint' ? value.toString() : value];
};
