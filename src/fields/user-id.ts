/** The id a bookkeeping column (`createById`, `updateById`, `ownerId`) holds, as text; undefined for none. */
export const userIdOf = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
};
