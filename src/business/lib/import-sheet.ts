import type { Column } from '../../../contract';

/** Rows of the preview under the header. */
export const PREVIEW_ROWS = 10;

/** One header cell of an import sheet and the column it fills (null: no such column). */
export interface HeaderMatch {
  header: string;
  column: Pick<Column, 'name' | 'caption' | 'captions'> | null;
}

const key = (text: string) => text.trim().toLowerCase();

/**
 * The column each header cell fills, as the server reads it (docs/api.md §3): by name or by caption
 * (the default one or that of any UI language: a file exported in English comes back in),
 * case-insensitively; blank header cells are left out.
 */
export const matchHeaders = (
  headers: readonly string[],
  columns: readonly Pick<Column, 'name' | 'caption' | 'captions'>[],
): HeaderMatch[] => {
  const byKey = new Map<string, Pick<Column, 'name' | 'caption' | 'captions'>>();
  for (const column of columns) {
    if (column.caption && !byKey.has(key(column.caption))) byKey.set(key(column.caption), column);
  }
  for (const column of columns) {
    for (const caption of Object.values(column.captions ?? {}))
      if (caption && !byKey.has(key(caption))) byKey.set(key(caption), column);
  }
  for (const column of columns) byKey.set(key(column.name), column);
  return headers
    .filter((header) => header.trim() !== '')
    .map((header) => ({ header: header.trim(), column: byKey.get(key(header)) ?? null }));
};

/** A cell as the preview shows it: dates as `YYYY-MM-DD HH:mm:ss` (no time when midnight), rich text flattened. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    const [day, time] = [iso.slice(0, 10), iso.slice(11, 19)];
    return time === '00:00:00' ? day : `${day} ${time}`;
  }
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
    return JSON.stringify(value);
  }
  return String(value);
};

/** What the page shows of a chosen sheet before importing it. */
export interface SheetPreview {
  matches: HeaderMatch[];
  /** The first PREVIEW_ROWS data rows, as text, one value per header (blank headers left out). */
  rows: string[][];
  /** Every non-empty data row of the sheet. */
  rowCount: number;
}

/**
 * The preview of a sheet read as rows of cell values (row 0 the header): empty rows are not
 * counted, as the server skips them too.
 */
export const previewSheet = (
  sheet: readonly (readonly unknown[])[],
  columns: readonly Pick<Column, 'name' | 'caption' | 'captions'>[],
): SheetPreview => {
  const [header = [], ...data] = sheet;
  const headers = header.map(cellText);
  const kept = headers.map((text, index) => ({ text, index })).filter(({ text }) => text.trim() !== '');
  const filled = data.filter((row) => row.some((value) => cellText(value).trim() !== ''));
  return {
    matches: matchHeaders(headers, columns),
    rows: filled.slice(0, PREVIEW_ROWS).map((row) => kept.map(({ index }) => cellText(row[index]))),
    rowCount: filled.length,
  };
};
