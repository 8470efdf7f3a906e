/** How a binary value travels in a console result: base64 under a marker key. */
export interface BinaryValue {
  $binary: string;
}

/**
 * A database value made safe for JSON: BigInt → number when exact, else its decimal text;
 * Buffer / byte arrays → `{"$binary": base64}`; Dates → ISO text; NaN / ±Infinity → text;
 * arrays and plain objects (JSON columns, PostgreSQL arrays) converted member by member.
 */
export const jsonValue = (value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'bigint':
      return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'string':
    case 'boolean':
      return value;
    case 'object':
      break;
    default:
      return String(value);
  }
  if (value instanceof Uint8Array)
    return { $binary: Buffer.from(value).toString('base64') } satisfies BinaryValue;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map(jsonValue);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Object.prototype || prototype === null) {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, jsonValue(member)]));
  }
  // Driver objects (e.g. PostgreSQL intervals, points): their JSON form, else their text.
  const toJson = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJson === 'function') return jsonValue(toJson.call(value));
  return jsonValue({ ...(value as object) });
};
