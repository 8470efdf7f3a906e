/** One table a partial reverse built metadata for, and the new table's id. */
export interface ReversedTable {
  table: string;
  id: number;
}

/** One table a partial reverse left out, and why (in the user's language). */
export interface SkippedTable {
  table: string;
  message: string;
}

/** What a reverse did, table by table. */
export interface ReverseReport {
  reversed: ReversedTable[];
  skipped: SkippedTable[];
  warnings: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the answer of `POST .../metadatas/reverse?partial=true` (`{reversed, skipped, warnings}`);
 * an all-or-nothing answer (the new ids, in the order of the names sent) reads as all reversed.
 */
export const readReverseReport = (body: unknown, sent: readonly string[]): ReverseReport => {
  if (Array.isArray(body)) {
    return {
      reversed: body.flatMap((id, index) =>
        typeof id === 'number' && sent[index] !== undefined ? [{ table: sent[index], id }] : [],
      ),
      skipped: [],
      warnings: 0,
    };
  }
  if (typeof body === 'number' && sent[0] !== undefined) {
    return { reversed: [{ table: sent[0], id: body }], skipped: [], warnings: 0 };
  }
  const report = isRecord(body) ? body : {};
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);
  return {
    reversed: list(report.reversed).flatMap((r) =>
      typeof r.table === 'string' && typeof r.id === 'number' ? [{ table: r.table, id: r.id }] : [],
    ),
    skipped: list(report.skipped).flatMap((s) =>
      typeof s.table === 'string' ? [{ table: s.table, message: String(s.message ?? '') }] : [],
    ),
    warnings: Array.isArray(report.warnings) ? report.warnings.length : 0,
  };
};

/**
 * Whether to offer "select all N": every row of the visible page is selected while more tables
 * match the search than the page shows, and not all of them are selected yet.
 */
export const offersSelectAll = (
  selected: readonly string[],
  visible: readonly string[],
  matching: readonly string[],
): boolean => {
  if (visible.length === 0 || matching.length <= visible.length) return false;
  const chosen = new Set(selected);
  return visible.every((name) => chosen.has(name)) && matching.some((name) => !chosen.has(name));
};
