import { ApiException } from '../../errors/api-exception';
import { importMessage } from '../../i18n/import-messages';
import type { StoredColumn } from '../metadata-rows';

/** A sheet column that feeds a table column. */
export interface MappedHeader {
  /** 1-based position in the sheet. */
  index: number;
  header: string;
  column: StoredColumn;
}

const key = (text: string): string => text.trim().toLowerCase();

/**
 * Maps a header row to the table's columns (docs/api.md §3): each header is a column's name or caption
 * (the default one or that of any UI language, so that a file exported in English comes back in),
 * ignoring case and surrounding spaces (a name wins over another column's caption). The FULLTEXT
 * column is never imported; blank headers are skipped. Unknown headers → 400 listing all of them;
 * two headers for the same column → 400.
 */
export const mapHeaders = (
  columns: readonly StoredColumn[],
  headers: readonly (string | null)[],
): MappedHeader[] => {
  const importable = columns.filter((column) => column.indexType !== 'FULLTEXT');
  const byName = new Map(importable.map((column) => [key(column.name), column]));
  const byCaption = new Map<string, StoredColumn>();
  for (const column of importable) {
    if (column.caption && !byCaption.has(key(column.caption))) byCaption.set(key(column.caption), column);
  }
  for (const column of importable) {
    for (const caption of Object.values(column.captions ?? {})) {
      if (caption && !byCaption.has(key(caption))) byCaption.set(key(caption), column);
    }
  }
  const mapped: MappedHeader[] = [];
  const unknown: string[] = [];
  const used = new Set<string>();
  headers.forEach((header, i) => {
    if (header === null || header.trim() === '') return;
    const column = byName.get(key(header)) ?? byCaption.get(key(header));
    if (!column) {
      unknown.push(header.trim());
      return;
    }
    if (used.has(column.name)) {
      const message = importMessage('repeatedHeader', { name: header.trim().slice(0, 100) });
      throw new ApiException('VALIDATION_ERROR', message, { file: message });
    }
    used.add(column.name);
    mapped.push({ index: i + 1, header: header.trim(), column });
  });
  if (unknown.length > 0) {
    const names = unknown.map((name) => name.slice(0, 100)).join(', ');
    const message = importMessage('unknownHeaders', { names });
    throw new ApiException('VALIDATION_ERROR', message, { file: message });
  }
  if (mapped.length === 0) {
    const message = importMessage('emptySheet');
    throw new ApiException('VALIDATION_ERROR', message, { file: message });
  }
  return mapped;
};
