import type { ColumnChange } from '../../../../contract/revision';

/**
 * Create batches: a write that creates many records of one table (an import) records their
 * creates as a few revision rows, each holding up to `BATCH_MAX_RECORDS` of them, instead of a
 * row per record: what a large import costs is the revision rows themselves. Only records with one
 * integer key go in a batch, so that a record's history finds the batches that may hold it by key
 * range (`keyFrom`..`keyTo`, never wider than `BATCH_MAX_SPAN`); and only records that set the same
 * columns, named once per batch. A batch's `changes` is the JSON of a `StoredBatch`.
 */

/** Fewest creates of one table in one write that go in batches; fewer keep a row each. */
export const BATCH_MIN_RECORDS = 50;
/** Most records in one batch. */
export const BATCH_MAX_RECORDS = 1000;
/** Widest key range of one batch (`keyTo - keyFrom`): how far below a key its batch may start. */
export const BATCH_MAX_SPAN = 4096;
/** Most characters of one batch's `changes` (a record alone beyond it keeps a row of its own). */
export const BATCH_MAX_CHARS = 1_000_000;

/**
 * A batch as stored: the columns its records set (a PASSWORD column, whose value is never kept,
 * as `!name`), and each record's key text with its new values in that order.
 */
interface StoredBatch {
  columns: string[];
  records: [string, unknown[]][];
}

/** The columns a create sets, as a batch names them: what records must share to share a batch. */
export const batchColumnsOf = (changes: readonly ColumnChange[]): string[] =>
  changes.map((change) => (change.secret === true ? `!${change.column}` : change.column));

/** A create's new values, in the order of its changes (a secret one as null). */
export const batchValuesOf = (changes: readonly ColumnChange[]): string =>
  JSON.stringify(changes.map((change) => (change.secret === true ? null : (change.new ?? null))));

/** A create that may go in a batch: its integer key, its key text, its values (batchValuesOf). */
export interface BatchCandidate {
  key: number;
  recordKey: string;
  values: string;
}

/** One batch: the candidates it holds (their indexes), its key range and its `changes`. */
export interface CreateBatch {
  members: number[];
  keyFrom: number;
  keyTo: number;
  changes: string;
}

/** A key text as a batch may hold it: a whole number within the safe range, else null. */
export const batchKeyOf = (recordKey: string): number | null => {
  if (!/^-?\d{1,15}$/.test(recordKey)) return null;
  const key = Number(recordKey);
  return String(key) === recordKey ? key : null;
};

/**
 * The batches for the creates of one table in one write that set the same `columns`
 * (`candidates`, any order, keys distinct), in key order; the indexes of those that keep a row of
 * their own in `single`. Fewer than `BATCH_MIN_RECORDS` candidates make no batch; one record
 * alone is no batch either.
 */
export const packCreateBatches = (
  columns: readonly string[],
  candidates: readonly BatchCandidate[],
): { batches: CreateBatch[]; single: number[] } => {
  const indexed = candidates.map((candidate, index) => ({ candidate, index }));
  if (candidates.length < BATCH_MIN_RECORDS)
    return { batches: [], single: indexed.map(({ index }) => index) };
  // an import's new keys mostly come in order already
  if (indexed.some((one, at) => at > 0 && (indexed[at - 1]?.candidate.key ?? 0) > one.candidate.key))
    indexed.sort((a, b) => a.candidate.key - b.candidate.key);
  const head = `{"columns":${JSON.stringify(columns)},"records":[`;
  const batches: CreateBatch[] = [];
  const single: number[] = [];
  let members: typeof indexed = [];
  let texts: string[] = [];
  let chars = head.length + 2;
  const close = () => {
    const [first] = members;
    const last = members[members.length - 1];
    if (first && last && members.length > 1) {
      batches.push({
        members: members.map(({ index }) => index),
        keyFrom: first.candidate.key,
        keyTo: last.candidate.key,
        changes: `${head}${texts.join(',')}]}`,
      });
    } else if (first) single.push(first.index);
    members = [];
    texts = [];
    chars = head.length + 2;
  };
  for (const member of indexed) {
    // a batch's key texts are whole numbers: nothing to escape
    const text = `["${member.candidate.recordKey}",${member.candidate.values}]`;
    if (head.length + text.length + 2 > BATCH_MAX_CHARS) {
      single.push(member.index);
      continue;
    }
    const [first] = members;
    if (
      first &&
      (members.length >= BATCH_MAX_RECORDS ||
        member.candidate.key - first.candidate.key > BATCH_MAX_SPAN ||
        chars + text.length + 1 > BATCH_MAX_CHARS)
    )
      close();
    members.push(member);
    texts.push(text);
    chars += text.length + 1;
  }
  close();
  return { batches, single: single.sort((a, b) => a - b) };
};

/** A create's changes again from its batch columns and values (batchColumnsOf, batchValuesOf). */
export const changesFrom = (columns: readonly string[], values: readonly unknown[]): ColumnChange[] =>
  columns.map((name, at) =>
    name.startsWith('!')
      ? { column: name.slice(1), secret: true }
      : { column: name, new: values[at] ?? null },
  );

/** A batch's `changes` read; a batch gone meanwhile (read as `[]`) holds nothing. */
const parseBatch = (changes: string): StoredBatch => {
  const parsed = JSON.parse(changes) as Partial<StoredBatch>;
  return { columns: parsed.columns ?? [], records: parsed.records ?? [] };
};

/** Each record a batch holds, by key text: its create's changes as a revision of its own holds them. */
export const batchEntries = (changes: string): Map<string, ColumnChange[]> => {
  const batch = parseBatch(changes);
  return new Map(batch.records.map(([recordKey, values]) => [recordKey, changesFrom(batch.columns, values)]));
};

/** A batch without the records `recordKeys`: its new `changes` and how many records it still holds. */
export const batchWithout = (
  changes: string,
  recordKeys: ReadonlySet<string>,
): { changes: string; count: number } => {
  const batch = parseBatch(changes);
  const records = batch.records.filter(([recordKey]) => !recordKeys.has(recordKey));
  return { changes: JSON.stringify({ columns: batch.columns, records }), count: records.length };
};
