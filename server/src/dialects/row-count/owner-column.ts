import type { SystemColumnName } from '../../../../contract/system-columns';

/** The column whose values PostgreSQL and MySQL keep row counts per (the record's owner). */
export const OWNER_COLUMN = 'ownerId' satisfies SystemColumnName;
