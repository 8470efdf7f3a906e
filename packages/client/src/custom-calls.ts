import type { CustomParams, DataProvider } from '@refinedev/core';
import {
  AUDIT_READ,
  businessPermission,
  type CreateApiTokenBody,
  type FlowRunBody,
  type ImportResult,
  type RowRulePreviewBody,
  WEBHOOK_MANAGE,
} from '../../../contract';
import type { BigUploadStatus, ChunkAnswer, ChunkRequest } from './big-upload-shapes';
import type { HttpError } from './lib/http-error';
import type { MetadataBundle } from './metadata-bundle';
import type { UploadProgress } from './data-provider';

/**
 * The API calls that are not CRUD, named once: each builds the arguments of the data provider's
 * `custom` method (for `useCustom`, `useCustomMutation` or `useDataProvider()().custom`), so the
 * providers stay the only code that speaks HTTP.
 */
export type CustomCall = Pick<CustomParams, 'url' | 'method' | 'payload' | 'query' | 'meta'>;

export type CustomMethod = NonNullable<DataProvider['custom']>;

/** Runs a call through a provider's `custom` method and gives the response body. */
export const runCustom = async <T>(custom: CustomMethod | undefined, call: CustomCall): Promise<T> => {
  if (!custom) throw new Error('the data provider has no custom method');
  const { data } = await custom(call as CustomParams);
  return data as unknown as T;
};

/**
 * A POST call as `useCustomMutation`'s variables: its url, body and meta, with Refine's own
 * notifications off, for screens that say what happened themselves.
 */
export const quietPost = (call: CustomCall) => ({
  url: call.url,
  method: 'post' as const,
  values: (call.payload ?? {}) as object,
  meta: call.meta,
  successNotification: false as const,
  errorNotification: false as const,
});

const FILE_UPLOAD = ['file:upload'];

/** What an upload call asks of the provider: the upload right, progress reports, cancelling. */
const uploadMeta = (onProgress?: UploadProgress, signal?: AbortSignal) => ({
  requiredPermissions: FILE_UPLOAD,
  ...(onProgress ? { onUploadProgress: onProgress } : {}),
  ...(signal ? { signal } : {}),
});

/** A URL body sent as a JSON string (`"/download/…"`) instead of plain text. */
export const unquoteUrl = (body: unknown): string => {
  const text = String(body ?? '').trim();
  if (!text.startsWith('"')) return text;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : text;
  } catch {
    return text;
  }
};

/** What `POST /api/file` answers: its `url` is what an ATTACHMENT column stores. */
export interface UploadedFile {
  url: string;
  name?: string;
  size?: number;
}

/** `POST /api/file`: one file as the multipart field `file`. */
export const uploadFileCall = (
  file: Blob,
  name?: string,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): CustomCall => {
  const form = new FormData();
  if (name) form.append('file', file, name);
  else form.append('file', file);
  return {
    url: '/file',
    method: 'post',
    payload: form,
    meta: uploadMeta(onProgress, signal),
  };
};

/** `GET /api/file/big/{md5}`: what the server holds of a chunked upload. */
export const bigUploadStatusCall = (md5: string): CustomCall => ({
  url: `/file/big/${encodeURIComponent(md5)}`,
  method: 'get',
  meta: { requiredPermissions: FILE_UPLOAD },
});

/** `POST /api/file/big`: one chunk; the fields go first so a wrong chunk is refused before it is stored. */
export const fileChunkCall = (
  request: ChunkRequest,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): CustomCall => {
  const form = new FormData();
  form.append('name', request.name);
  form.append('md5', request.md5);
  form.append('size', String(request.size));
  form.append('chunks', String(request.chunks));
  form.append('chunk', String(request.chunk));
  form.append('file', request.file, request.name);
  return {
    url: '/file/big',
    method: 'post',
    payload: form,
    meta: uploadMeta(onProgress, signal),
  };
};

export type { BigUploadStatus, ChunkAnswer, ChunkRequest };

const business = (table: string) => `/business/${encodeURIComponent(table)}`;

/** `GET .../{id}/history?offset&limit`: a record's revisions, newest first (read permission). */
export const recordHistoryCall = (
  table: string,
  id: string,
  page: { offset: number; limit: number },
  dataSource?: string,
): CustomCall => ({
  url: `${business(table)}/${encodeURIComponent(id)}/history`,
  method: 'get',
  query: { offset: page.offset, limit: page.limit },
  meta: { requiredPermissions: [businessPermission(table, 'read')], ...(dataSource ? { dataSource } : {}) },
});

/**
 * `POST .../{id}/history/{revisionId}/restore {columns?, lastModifiedDate?}`: sets the record back
 * to how it was right after the revision (all its restorable columns, or only `columns`); answers
 * the restored record (header `X-Restored-Columns`: the columns set back). With the record's `lastModifiedDate` as the screen shows it, a record saved
 * or deleted since is a 409 naming `lastModifiedDate`, and nothing changes.
 */
export const restoreRevisionCall = (
  table: string,
  id: string,
  revisionId: number,
  columns: readonly string[] | undefined,
  dataSource?: string,
  lastModifiedDate?: string | number,
): CustomCall => ({
  url: `${business(table)}/${encodeURIComponent(id)}/history/${revisionId}/restore`,
  method: 'post',
  payload: {
    ...(columns ? { columns } : {}),
    ...(lastModifiedDate === undefined ? {} : { lastModifiedDate }),
  },
  meta: { requiredPermissions: [businessPermission(table, 'update')], ...(dataSource ? { dataSource } : {}) },
});

/**
 * `GET .../history/latest?id=…&id=…`: who last changed each of these records and when (their
 * newest revision, no values; read permission). `id` repeats, one per record key.
 */
export const latestChangesCall = (
  table: string,
  ids: readonly string[],
  dataSource?: string,
): CustomCall => ({
  url: `${business(table)}/history/latest?${ids.map((id) => `id=${encodeURIComponent(id)}`).join('&')}`,
  method: 'get',
  meta: { requiredPermissions: [businessPermission(table, 'read')], ...(dataSource ? { dataSource } : {}) },
});

/** `GET .../deleted?offset&limit`: the table's hard-deleted records, newest deletion first (read permission). */
export const deletedRecordsCall = (
  table: string,
  page: { offset: number; limit: number },
  dataSource?: string,
): CustomCall => ({
  url: `${business(table)}/deleted`,
  method: 'get',
  query: { offset: page.offset, limit: page.limit },
  meta: { requiredPermissions: [businessPermission(table, 'read')], ...(dataSource ? { dataSource } : {}) },
});

/** `GET .../deleted/count`: how many hard-deleted records the table has. */
export const deletedCountCall = (table: string, dataSource?: string): CustomCall => ({
  url: `${business(table)}/deleted/count`,
  method: 'get',
  meta: { requiredPermissions: [businessPermission(table, 'read')], ...(dataSource ? { dataSource } : {}) },
});

/** `POST .../deleted/{revisionId}/restore`: creates a hard-deleted record again with its key (create permission). */
export const restoreDeletedCall = (table: string, revisionId: number, dataSource?: string): CustomCall => ({
  url: `${business(table)}/deleted/${revisionId}/restore`,
  method: 'post',
  payload: {},
  meta: { requiredPermissions: [businessPermission(table, 'create')], ...(dataSource ? { dataSource } : {}) },
});

/** `GET .../import/template`: the URL of an .xlsx whose header row holds the insertable columns' captions. */
export const importTemplateCall = (table: string): CustomCall => ({
  url: `${business(table)}/import/template`,
  method: 'get',
  meta: { requiredPermissions: [businessPermission(table, 'import')], responseType: 'text' },
});

/** What an import answered: done (maybe with bad rows when partial), or refused with its report. */
export type ImportOutcome =
  | { ok: true; result: ImportResult }
  | { ok: false; message: string; result: ImportResult | null; errors?: Record<string, string> };

const isReport = (value: unknown): value is ImportResult =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as ImportResult).failed) &&
  typeof (value as ImportResult).failedRows === 'number';

/**
 * The body of an import answer: a report alone when it was done; a refusal (a 400) carries its
 * message, and the report too when rows were to blame.
 */
export const importOutcomeOf = (data: unknown): ImportOutcome => {
  const body = (data ?? {}) as Partial<HttpError> & Partial<ImportResult>;
  if (isReport(data) && typeof body.message !== 'string') return { ok: true, result: data };
  return {
    ok: false,
    message: typeof body.message === 'string' ? body.message : 'import refused',
    result: isReport(body) ? body : null,
    ...(body.errors ? { errors: body.errors } : {}),
  };
};

/** A 400 of an import is an outcome (its report or reason), not a failure. */
const IMPORT_ANSWERS = [400];

/** `POST .../import` with the workbook; `partial` inserts the good rows and reports the rest. */
export const importRecordsCall = (
  table: string,
  file: Blob,
  fileName: string,
  partial: boolean,
  onProgress?: (percent: number) => void,
): CustomCall => {
  const form = new FormData();
  form.append('file', file, fileName);
  return {
    url: `${business(table)}/import`,
    method: 'post',
    payload: form,
    ...(partial ? { query: { partial: 'true' } } : {}),
    meta: {
      requiredPermissions: [businessPermission(table, 'import')],
      acceptStatus: IMPORT_ANSWERS,
      ...(onProgress
        ? {
            onUploadProgress: ((loaded, total) => {
              if (total) onProgress(Math.round((loaded / total) * 100));
            }) satisfies UploadProgress,
          }
        : {}),
    },
  };
};

/** `POST /api/business/import`: several tables from one JSON file, in one transaction, parents first. */
export const importTablesCall = (file: Blob, fileName: string): CustomCall => {
  const form = new FormData();
  form.append('file', file, fileName);
  return {
    url: '/business/import',
    method: 'post',
    payload: form,
    meta: { acceptStatus: IMPORT_ANSWERS },
  };
};

/** `POST /api/business/export`: whole tables into one JSON file `{"<table>": [records]}`; the body is its URL. */
export const exportTablesCall = (tableIds: readonly number[]): CustomCall => ({
  url: '/business/export',
  method: 'post',
  payload: tableIds,
  meta: { responseType: 'text' },
});

/**
 * `POST /api/business/{t}/restore`: soft-deleted records back from the recycle bin, all or nothing;
 * answers `{restored}` (409 when one of them is not in the recycle bin).
 */
export const restoreRecordsCall = (
  table: string,
  ids: readonly string[],
  dataSource?: string,
): CustomCall => ({
  url: `${business(table)}/restore`,
  method: 'post',
  payload: ids,
  meta: { requiredPermissions: [businessPermission(table, 'update')], ...(dataSource ? { dataSource } : {}) },
});

/** `POST /{t}/export` (.xlsx) or `/export/xml` with the list's query; the body is the download URL. */
export const exportRecordsCall = (
  table: string,
  format: 'excel' | 'xml',
  query: Record<string, string>,
): CustomCall => ({
  url: `${business(table)}/export${format === 'xml' ? '/xml' : ''}`,
  method: 'post',
  query: format === 'xml' ? { ...query, isDisplayCaption: 'true' } : query,
  meta: { requiredPermissions: [businessPermission(table, 'export')], responseType: 'text' },
});

/** `POST /api/metadata/tables/export`: tables with their sequences, relations and layouts; the body is the URL. */
export const exportMetadataCall = (tableIds: readonly number[]): CustomCall => ({
  url: '/metadata/tables/export',
  method: 'post',
  payload: tableIds,
  meta: { responseType: 'text' },
});

/** What becomes of an imported file's tables: as the file says, all created, or all attached. */
export type ImportTableMode = 'asFile' | 'create' | 'attach';

/** `POST /api/metadata/tables/import`: a metadata file's content, all or nothing. */
export const importMetadataCall = (
  bundle: MetadataBundle,
  tables: ImportTableMode = 'asFile',
): CustomCall => ({
  url: '/metadata/tables/import',
  method: 'post',
  payload: bundle,
  ...(tables === 'asFile' ? {} : { query: { tables } }),
});

/** `GET /metadata/tables/{id}/row-count`: whether the table's exact row count is kept beside it. */
export const tableRowCountCall = (id: number): CustomCall => ({
  url: `/metadata/tables/${id}/row-count`,
  method: 'get',
});

/** `PATCH /metadata/tables/{id}/row-count`: starts or stops keeping a reversed table's row count. */
export const keepRowCountCall = (id: number, kept: boolean): CustomCall => ({
  url: `/metadata/tables/${id}/row-count`,
  method: 'patch',
  payload: { kept },
});

/** `GET /metadata/tables/{id}/schema-state`: whether the physical table agrees with its metadata. */
export const tableSchemaStateCall = (id: number): CustomCall => ({
  url: `/metadata/tables/${id}/schema-state`,
  method: 'get',
});

/** `POST /metadata/tables/{id}/schema-repair`: finishes or takes back an unfinished schema change. */
export const repairTableSchemaCall = (id: number): CustomCall => ({
  url: `/metadata/tables/${id}/schema-repair`,
  method: 'post',
  payload: {},
});

const PHYSICAL = '/metadata/tables/metadatas';

/** `GET /metadatas`: physical tables no metadata describes yet. */
export const physicalTablesCall = (): CustomCall => ({ url: PHYSICAL, method: 'get' });

/** `GET /metadatas/{tableName}`: what the database says about one table. */
export const describePhysicalTableCall = (tableName: string): CustomCall => ({
  url: `${PHYSICAL}/${encodeURIComponent(tableName)}`,
  method: 'get',
});

/** `POST /metadatas/reverse/{tableName}`: metadata for one physical table; the body is the new id. */
export const reverseTableCall = (tableName: string): CustomCall => ({
  url: `${PHYSICAL}/reverse/${encodeURIComponent(tableName)}`,
  method: 'post',
  payload: {},
});

/**
 * `POST /metadatas/reverse`: several tables at once (their foreign keys become relations). With
 * `partial`, the tables that can be reversed are, and the answer reports per table
 * (`{reversed: [{table, id}], skipped: [{table, message}], warnings}`).
 */
export const reverseTablesCall = (
  tableNames: readonly string[],
  options: { partial?: boolean } = {},
): CustomCall => ({
  url: `${PHYSICAL}/reverse`,
  method: 'post',
  payload: tableNames,
  ...(options.partial ? { query: { partial: true } } : {}),
});

/** The code a user needs to read the audit log. */
export const AUDIT_PERMISSIONS = [AUDIT_READ] as const;

/** `POST /api/audit/export`: the entries the log's filters keep, as .xlsx; the body is the download URL. */
export const exportAuditCall = (query: Record<string, string>): CustomCall => ({
  url: '/audit/export',
  method: 'post',
  query,
  meta: { requiredPermissions: AUDIT_PERMISSIONS, responseType: 'text' },
});

/** The code a user needs to run SQL. */
export const SQL_PERMISSIONS = ['sql:execute'] as const;

/** `POST /api/metadata/sqls/execute`: one statement, optionally in a read-only transaction. */
export const executeSqlCall = (sql: string, readOnly: boolean): CustomCall => ({
  url: '/metadata/sqls/execute',
  method: 'post',
  payload: { sql, readOnly },
  meta: { requiredPermissions: SQL_PERMISSIONS },
});

/** `GET /api/users/me/tokens`: the signed-in user's API tokens (never the tokens themselves). */
export const myTokensCall = (): CustomCall => ({ url: '/users/me/tokens', method: 'get' });

/** `POST /api/users/me/tokens`: a new API token; its answer is the one time the token is sent. */
export const createTokenCall = (body: CreateApiTokenBody): CustomCall => ({
  url: '/users/me/tokens',
  method: 'post',
  payload: body,
});

/** `DELETE /api/users/me/tokens/{id}`: revokes one of the user's API tokens. */
export const revokeTokenCall = (id: number): CustomCall => ({
  url: `/users/me/tokens/${id}`,
  method: 'delete',
});

/**
 * `POST /metadata/tables/{id}/row-rule-preview`: how many of the table's records a read row rule
 * (saved or not) lets one user see, of how many.
 */
export const rowRulePreviewCall = (id: number, body: RowRulePreviewBody): CustomCall => ({
  url: `/metadata/tables/${id}/row-rule-preview`,
  method: 'post',
  payload: body,
});

/** `GET /api/permissions/extensions`: the permission codes the server's extensions declare. */
export const extensionPermissionsCall = (): CustomCall => ({ url: '/permissions/extensions', method: 'get' });

/** The code a user needs to manage webhooks and send their deliveries again. */
export const WEBHOOK_PERMISSIONS = [WEBHOOK_MANAGE] as const;

/** What a replay answers: how many deliveries went back into the outbox, due now. */
export interface ReplayAnswer {
  replayed: number;
}

/**
 * `POST /api/webhooks/deliveries/{id}/replay`: sends one delivery again (a dead letter, a failed or
 * a delivered one; a pending one is left as it is, `replayed: 0`).
 */
export const replayDeliveryCall = (deliveryId: string | number): CustomCall => ({
  url: `/webhooks/deliveries/${encodeURIComponent(String(deliveryId))}/replay`,
  method: 'post',
  payload: {},
  meta: { requiredPermissions: WEBHOOK_PERMISSIONS },
});

/** `POST /api/webhooks/{id}/replay`: sends every dead letter of one webhook again. */
export const replayDeadLettersCall = (webhookId: string | number): CustomCall => ({
  url: `/webhooks/${encodeURIComponent(String(webhookId))}/replay`,
  method: 'post',
  payload: {},
  meta: { requiredPermissions: WEBHOOK_PERMISSIONS },
});

/**
 * `GET /api/flows/buttons?table=<table>` on the table's data source: its enabled flows with a
 * button (`FlowButton[]`), for whoever may read the table.
 */
export const flowButtonsCall = (table: string, dataSource?: string): CustomCall => ({
  url: '/flows/buttons',
  method: 'get',
  query: { table },
  meta: { requiredPermissions: [businessPermission(table, 'read')], ...(dataSource ? { dataSource } : {}) },
});

/**
 * `POST /api/flows/{id}/run {keys}`: runs a button flow on records of its table (keys as the API
 * writes them in URLs); answers each record's outcome (`FlowRunResult`).
 */
export const runFlowCall = (
  flowId: number,
  table: string,
  keys: readonly string[],
  dataSource?: string,
): CustomCall => ({
  url: `/flows/${encodeURIComponent(String(flowId))}/run`,
  method: 'post',
  payload: { keys: [...keys] } satisfies FlowRunBody,
  meta: { requiredPermissions: [businessPermission(table, 'read')], ...(dataSource ? { dataSource } : {}) },
});
