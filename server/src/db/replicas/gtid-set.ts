/**
 * MySQL 8 GTID sets (pure). A server's `@@gtid_executed` is the set of every transaction it has
 * applied: for each source server's UUID (and, from MySQL 8.3, each tag under it) a list of
 * transaction-number ranges, e.g. "3e11fa47-…:1-5:11-18,4f2a…:1-3" or with a tag
 * "3e11fa47-…:1-5:nightly:1-2". Unlike MariaDB's positions they can have gaps (a replica may apply
 * transactions out of order), so "has a replica replayed everything of a sample" is set inclusion.
 */

/** Per source (UUID, or `UUID:tag`), its transaction numbers as sorted, merged inclusive ranges. */
export type GtidSet = ReadonlyMap<string, readonly (readonly [bigint, bigint])[]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANGE = /^(\d{1,20})(?:-(\d{1,20}))?$/;
const TAG = /^[a-z_][a-z0-9_]{0,31}$/i;

const refuse = (text: string): never => {
  throw new Error(`"${text}" is not a GTID set`);
};

/** Sorted ranges with overlapping and adjacent ones joined (1-5 and 6-9 make 1-9). */
const merged = (ranges: (readonly [bigint, bigint])[]): (readonly [bigint, bigint])[] => {
  const sorted = [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: [bigint, bigint][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1] + 1n) {
      if (end > last[1]) last[1] = end;
    } else out.push([start, end]);
  }
  return out;
};

/** Parses `@@gtid_executed` (its line breaks and spaces ignored; empty before any transaction). */
export const parseGtidSet = (text: string): GtidSet => {
  const found = new Map<string, (readonly [bigint, bigint])[]>();
  for (const part of text.replace(/\s+/g, '').split(',')) {
    if (part === '') continue;
    const [uuid = '', ...pieces] = part.split(':');
    if (!UUID.test(uuid) || pieces.length === 0) refuse(text);
    let source = uuid.toLowerCase();
    for (const piece of pieces) {
      const range = RANGE.exec(piece);
      if (range) {
        const start = BigInt(range[1] as string);
        const end = range[2] === undefined ? start : BigInt(range[2]);
        if (start < 1n || end < start) refuse(text);
        found.set(source, [...(found.get(source) ?? []), [start, end]]);
      } else if (TAG.test(piece)) source = `${uuid.toLowerCase()}:${piece.toLowerCase()}`;
      else refuse(text);
    }
  }
  return new Map([...found].map(([source, ranges]) => [source, merged(ranges)]));
};

/**
 * Whether a replica that has applied `replayed` has everything of `sample` (the primary's set at
 * some moment): every range of the sample lies inside one range of the replica's, source by source.
 */
export const gtidSetContains = (replayed: GtidSet, sample: GtidSet): boolean => {
  for (const [source, ranges] of sample) {
    const have = replayed.get(source) ?? [];
    for (const [start, end] of ranges) {
      if (!have.some(([from, to]) => from <= start && end <= to)) return false;
    }
  }
  return true;
};
