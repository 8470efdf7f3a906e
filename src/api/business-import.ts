import { businessPermission, type ImportResult } from '../../contract';
import type { HttpError } from '../lib/http-error';
import { http } from '../providers/http';

const base = (table: string) => `/business/${encodeURIComponent(table)}`;

/** `GET .../import/template`: the URL of an .xlsx whose header row holds the insertable columns' captions. */
export const importTemplateUrl = async (table: string): Promise<string> => {
  const { data } = await http.get<string>(`${base(table)}/import/template`, {
    requiredPermissions: [businessPermission(table, 'import')],
    responseType: 'text',
  });
  return data;
};

/** What an import answered: done (maybe with bad rows when partial), or refused with its report. */
export type ImportOutcome =
  | { ok: true; result: ImportResult }
  | { ok: false; message: string; result: ImportResult | null; errors?: Record<string, string> };

const isReport = (value: unknown): value is ImportResult =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as ImportResult).failed) &&
  typeof (value as ImportResult).failedRows === 'number';

/** A 2xx with the report, or a 400 with the reason (and the report when rows were to blame). */
const outcomeOf = (status: number, data: unknown): ImportOutcome => {
  if (status !== 400 && isReport(data)) return { ok: true, result: data };
  const body = (data ?? {}) as Partial<HttpError> & Partial<ImportResult>;
  return {
    ok: false,
    message: typeof body.message === 'string' ? body.message : String(status),
    result: isReport(body) ? body : null,
    ...(body.errors ? { errors: body.errors } : {}),
  };
};

/** Accepts the answers `outcomeOf` reads. */
const answered = (status: number) => (status >= 200 && status < 300) || status === 400;

/**
 * `POST .../import` with the workbook (multipart `file`); `partial` inserts the good rows and
 * reports the rest. A 400 is an outcome too (the report of an all-or-nothing import, or why the
 * file was refused); other failures reject as usual.
 */
export const importRecords = async (
  table: string,
  file: Blob,
  fileName: string,
  partial: boolean,
  onProgress?: (percent: number) => void,
): Promise<ImportOutcome> => {
  const form = new FormData();
  form.append('file', file, fileName);
  const response = await http.post<unknown>(`${base(table)}/import`, form, {
    params: partial ? { partial: 'true' } : undefined,
    requiredPermissions: [businessPermission(table, 'import')],
    validateStatus: answered,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return outcomeOf(response.status, response.data);
};

/** `POST /api/business/import`: several tables from one JSON file, in one transaction, parents first. */
export const importTables = async (file: Blob, fileName: string): Promise<ImportOutcome> => {
  const form = new FormData();
  form.append('file', file, fileName);
  const response = await http.post<unknown>('/business/import', form, {
    validateStatus: answered,
  });
  return outcomeOf(response.status, response.data);
};

/** `POST /api/business/export`: whole tables into one JSON file `{"<table>": [records]}`; its URL. */
export const exportTables = async (tableIds: readonly number[]): Promise<string> => {
  const { data } = await http.post<string>('/business/export', tableIds, { responseType: 'text' });
  return data;
};
