import { MAX_LIMIT, RELATION_LIST_LIMIT } from './paging';

/**
 * Embedded child lists (docs/api.md §3): a record embeds at most this many children per OneToMany
 * relation, the first ones in key order (the size of a relation list).
 */
export const EMBEDDED_CHILDREN_LIMIT = RELATION_LIST_LIMIT;

/** The most child rows one answer embeds, all records and relations together (the largest page). */
export const EMBEDDED_ROWS_BUDGET = MAX_LIMIT;

/** Key of a record's note of the child lists it holds only in part, by relation name. */
export const TRUNCATED_KEY = '$truncated';

/** What a record says of a child list it holds only in part. */
export interface TruncatedChildren {
  /** How many children the list holds: the first ones in key order. */
  embedded: number;
  /** How many children the record has. */
  total: number;
  /** The next page of the rest: the child table's list filtered by the parent, in key order. */
  next: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The note of a record on its child list `relation`, or null when the list is whole. */
export const truncatedChildren = (record: unknown, relation: string): TruncatedChildren | null => {
  if (!isObject(record)) return null;
  const notes = record[TRUNCATED_KEY];
  if (!isObject(notes)) return null;
  const note = notes[relation];
  if (!isObject(note)) return null;
  const { embedded, total, next } = note;
  return typeof embedded === 'number' && typeof total === 'number'
    ? { embedded, total, next: typeof next === 'string' ? next : '' }
    : null;
};
