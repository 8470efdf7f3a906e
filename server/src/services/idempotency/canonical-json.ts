/**
 * A JSON text that is the same for equal values however their objects' keys were ordered: keys
 * sorted (by UTF-16 code units), no spaces; otherwise JSON.stringify's rules (an undefined member
 * is left out, an undefined array item is null). Pure.
 */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) {
    return `[${value.map((item: unknown) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .filter((name) => record[name] !== undefined)
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};
