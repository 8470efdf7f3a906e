const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The timeout, in ms, after which Knex stopped a statement (`builder.timeout`), or null: the error
 * is something else. Knex's pool also throws a KnexTimeoutError when no connection comes in time;
 * that one carries no statement.
 */
export const queryTimeoutOf = (error: unknown): number | null => {
  if (!isRecord(error) || error.name !== 'KnexTimeoutError') return null;
  return typeof error.sql === 'string' && typeof error.timeout === 'number' ? error.timeout : null;
};
