/** An entry as a directory search returns it: its DN and each attribute's value or values. */
export type DirectoryEntry = { dn: string } & Record<string, Buffer | Buffer[] | string[] | string>;

/**
 * The values of one attribute of an entry, found whatever the case of its name (directories
 * answer `memberOf` to a request for `memberof` and the other way round); none when absent.
 * Binary values are left out: read them with {@link entryBuffer}.
 */
export const entryValues = (entry: DirectoryEntry, attribute: string): string[] => {
  const wanted = attribute.toLowerCase();
  const values: string[] = [];
  for (const [name, value] of Object.entries(entry)) {
    if (name === 'dn' || name.toLowerCase() !== wanted) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') values.push(item);
    }
  }
  return values;
};

/** The first binary value of one attribute (asked for as a buffer), whatever the case of its name. */
export const entryBuffer = (entry: DirectoryEntry, attribute: string): Buffer | undefined => {
  const wanted = attribute.toLowerCase();
  for (const [name, value] of Object.entries(entry)) {
    if (name === 'dn' || name.toLowerCase() !== wanted) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (Buffer.isBuffer(first)) return first;
  }
  return undefined;
};
