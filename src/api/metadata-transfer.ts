import { http } from '../providers/http';
import type { MetadataBundle } from '../lib/metadata-bundle';

/** A URL body sent as a JSON string (`"/download/…"`) instead of plain text. */
const unquote = (text: string): string => {
  if (!text.startsWith('"')) return text;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : text;
  } catch {
    return text;
  }
};

/** Exports tables (with their sequences, relations and form layouts) as one JSON file: its download URL. */
export const exportMetadata = async (tableIds: readonly number[]): Promise<string> => {
  const { data } = await http.post<string>('/metadata/tables/export', tableIds, { responseType: 'text' });
  return unquote(String(data).trim());
};

/** Imports a metadata file's content, all or nothing (409 with `errors` naming the conflicts). */
export const importMetadata = async (bundle: MetadataBundle): Promise<void> => {
  await http.post('/metadata/tables/import', bundle);
};
