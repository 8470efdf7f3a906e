import { mkdir, readFile, rm } from 'node:fs/promises';
import { itemOf } from '../../plugins/item-access';
import { itemContextOf, openItem } from '../../plugins/open-item';
import { principalOf } from '../../plugins/session';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { exportFileName } from '../../services/export/export-file-name';
import type { UploadConfig } from '../../config';
import { ApiException } from '../../errors/api-exception';
import { fileMessage } from '../../i18n/file-messages';
import { format, languageOf } from '../../i18n/messages';
import { importMessage } from '../../i18n/import-messages';
import { errorResponses } from '../../schemas/common';
import { ImportErrorSchema, ImportQuery, ImportResultSchema, TableIdList } from '../../schemas/import';
import { ItemTableParams } from '../../schemas/items';
import { formatBytes } from '../../services/files/file-names';
import { filePathsOf } from '../../services/files/file-paths';
import {
  MULTIPART_LIMITS,
  receiveMultipart,
  type ReceivedFile,
} from '../../services/files/receive-multipart';
import { exportTables } from '../../services/import/export-tables';
import { ImportFailed, type ImportReport } from '../../services/import/import-report';
import { importTables, parseTablesFile } from '../../services/import/import-tables';
import { importXlsx } from '../../services/import/import-xlsx';
import { ARCHIVE_LIMITS } from '../../services/import/xlsx-archive';
import { loadItemTable } from '../../services/items/load-item-table';
import { listTables } from '../../services/metadata-store';
import { assertOnlySettable } from '../../services/permissions/unsettable-fields';

export interface ImportRoutesOptions {
  dataDir: string;
  uploads: UploadConfig;
}

const tags = ['business'];

/**
 * Business data import (docs/api.md §3): `POST /api/business/{table}/import` (.xlsx), the multi-table
 * `POST /api/business/import` (JSON file) and its counterpart `POST /api/business/export`.
 */
const importRoutes: FastifyPluginAsyncTypebox<ImportRoutesOptions> = async (app, { dataDir, uploads }) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const { incoming } = filePathsOf(dataDir);
  await mkdir(incoming, { recursive: true });

  /** The uploaded `file`, in a temporary file removed after `use`; 400 without one, 413 over the upload limit. */
  const withUpload = async <T>(
    request: FastifyRequest,
    use: (file: ReceivedFile) => Promise<T>,
  ): Promise<{ result: T; fileName: string }> => {
    const { file } = await receiveMultipart(request, {
      incomingDir: incoming,
      maxFileSize: uploads.maxFileSize,
      tooLarge: fileMessage('fileTooLarge', { limit: formatBytes(uploads.maxFileSize) }),
      fields: [],
    });
    if (!file) throw new ApiException('VALIDATION_ERROR', undefined, { file: fileMessage('fileRequired') });
    try {
      return { result: await use(file), fileName: file.filename };
    } finally {
      await rm(file.path, { force: true });
    }
  };

  /** The audit entry of a finished import: the file's name and how many rows went in (never their values). */
  const recordImport = (
    request: FastifyRequest,
    table: string | null,
    upload: { result: ImportReport; fileName: string },
    tables?: string[],
  ) =>
    app.audit.record(request, {
      action: 'import',
      dataSource: request.dataSource.name,
      table,
      detail: {
        fileName: upload.fileName.slice(0, 300),
        ...(tables ? { tables } : {}),
        rows: {
          inserted: upload.result.inserted,
          updated: upload.result.updated,
          failed: upload.result.failedRows,
        },
      },
    });

  /** An all-or-nothing import with bad rows: 400 with the whole report (nothing was written). */
  const answerFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof ImportFailed)) throw error;
    const lang = languageOf(request.headers['accept-language']);
    const detail = error.detail && typeof error.detail !== 'string' ? format(error.detail, lang) : '';
    return reply.code(400).send({
      code: 'VALIDATION_ERROR',
      message: detail,
      ...error.report.toResult(lang),
      inserted: 0,
      updated: 0,
    });
  };

  app.post(
    '/:table/import',
    {
      config: { item: { action: 'import', rowRules: true } },
      schema: {
        tags,
        summary:
          'Imports an .xlsx (multipart `file`; header row = captions or names): all or nothing unless partial=true',
        consumes: ['multipart/form-data'],
        params: ItemTableParams,
        querystring: ImportQuery,
        response: { 201: ImportResultSchema, 400: ImportErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { context, item } = itemOf(request);
      try {
        const upload = await withUpload(request, (file) =>
          importXlsx(context, item, file.path, {
            partial: request.query.partial === 'true',
            maxRows: uploads.maxImportRows,
            archive: {
              ...ARCHIVE_LIMITS,
              maxSharedStrings: uploads.maxImportSharedStrings,
              maxSheet: uploads.maxImportSheetSize,
            },
          }),
        );
        await recordImport(request, item.table.name, upload);
        return reply.code(201).send(upload.result.toResult(languageOf(request.headers['accept-language'])));
      } catch (error) {
        return answerFailure(request, reply, error);
      }
    },
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        summary:
          'Imports several tables from a JSON file {"<table>": [records]} in one transaction, parents first',
        consumes: ['multipart/form-data'],
        response: { 201: ImportResultSchema, 400: ImportErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const context = await itemContextOf(request);
      try {
        const names: string[] = [];
        const upload = await withUpload(request, async (file) => {
          const entries = parseTablesFile(await readFile(file.path, 'utf8'));
          const tables = [];
          for (const [name, records] of entries) {
            const opened = await openItem(request, name, 'import', request.body, true);
            const { item } = opened;
            // The user's row rules for imports, on every table of the file (services/items/row-filter.ts).
            if (context.rows && opened.context.rows) {
              context.rows.action = 'import';
              for (const [tableId, ruleTable] of opened.context.rows.tables)
                context.rows.tables.set(tableId, ruleTable);
            }
            assertOnlySettable(await loadItemTable(context.db, name), item, records);
            tables.push({ item, records });
            names.push(item.table.name);
          }
          return importTables(context, tables);
        });
        await recordImport(request, null, upload, names);
        return reply.code(201).send(upload.result.toResult(languageOf(request.headers['accept-language'])));
      } catch (error) {
        return answerFailure(request, reply, error);
      }
    },
  );

  app.post(
    '/export',
    {
      schema: {
        tags,
        summary:
          'Exports whole tables (body: [tableIds]) to one JSON file {"<table>": [records]}; answers its URL',
        body: TableIdList,
        response: { 201: Type.String(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const context = await itemContextOf(request);
      const ids = [...new Set(request.body)];
      const found = new Map((await listTables(context.db, ids)).map((table) => [table.id, table]));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) {
        throw new ApiException('NOT_FOUND', importMessage('unknownTables', { ids: missing.join(', ') }));
      }
      const items = [];
      for (const id of ids) {
        const table = found.get(id);
        if (!table) continue;
        // Through `openItem`: the export code, and the columns the user may not read left out;
        // the rows as the user's row rules for exports let through (services/items/row-filter.ts).
        const opened = await openItem(request, table.name, 'export', request.body, true);
        items.push(opened.item);
        if (context.rows && opened.context.rows) {
          context.rows.action = 'export';
          for (const [tableId, ruleTable] of opened.context.rows.tables)
            context.rows.tables.set(tableId, ruleTable);
        }
      }
      const { path, url } = await app.downloads.reserve(
        'json',
        principalOf(request).id,
        exportFileName(`${request.dataSource.name}-data`, 'json', new Date()),
      );
      let rows: number;
      try {
        rows = await exportTables(context, items, path);
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      await app.audit.record(request, {
        action: 'export',
        dataSource: request.dataSource.name,
        detail: { format: 'json', tables: items.map((item) => item.table.name), rows },
      });
      return reply.code(201).type('text/plain; charset=utf-8').send(url);
    },
  );
};

export default importRoutes;
