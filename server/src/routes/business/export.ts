import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { originOf } from '../../plugins/cross-site-guard';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { captionIn, captionLanguageOf } from '../../../../contract/captions';
import { languageOf } from '../../i18n/messages';
import { itemOf } from '../../plugins/item-access';
import { principalOf } from '../../plugins/session';
import { rm } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { parseListQuery } from '../../query/parse-list-query';
import { errorResponses } from '../../schemas/common';
import { ItemListQuery, ItemTableParams } from '../../schemas/items';
import { exportColumns, templateColumns } from '../../services/export/export-columns';
import { exportFileName } from '../../services/export/export-file-name';
import { exportRecords } from '../../services/export/export-records';
import { exportValue, type ExportValue } from '../../services/export/export-value';
import { writeXlsx } from '../../services/export/write-xlsx';
import { writeXml } from '../../services/export/write-xml';

const tags = ['business'];

const ExportXmlQuery = Type.Object(
  {
    ...ItemListQuery.properties,
    isDisplayCaption: Type.Optional(
      Type.String({ enum: ['true', 'false'], description: 'captions as field names' }),
    ),
  },
  { additionalProperties: Type.String({ maxLength: 10000 }) },
);

/** The list parameters of an export: paging and the export's own options are not filters. */
const listParameters = (query: Record<string, unknown>): Record<string, unknown> => {
  const { offset: _offset, limit: _limit, isDisplayCaption: _captions, ...rest } = query;
  return rest;
};

/** Writes a file through `write` (which answers how many rows it wrote), removing it when writing fails. */
const produce = async <T>(path: string, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
};

/**
 * The address the user reached crudboard at, which an export's links to uploads start with: the
 * page's `Origin` (a changing request's, which the cross-site guard has let through), else the
 * server's own.
 */
const siteOrigin = (request: FastifyRequest): string =>
  (request.headers.origin ? originOf(request.headers.origin) : undefined) ??
  `${request.protocol}://${request.host}`;

/**
 * Exports of the current list query (docs/api.md §3): `.xlsx` and `.xml`, streamed from the database in
 * batches into the file, answered with its download URL; and the import template.
 */
const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const exportList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    params: Record<string, unknown>,
    format: 'xlsx' | 'xml',
  ) => {
    const { context, item } = itemOf(request);
    const query = parseListQuery(listParameters(params), item.query);
    const captions = format === 'xlsx' || params.isDisplayCaption === 'true';
    // Headers and the file's name in the language of the screen that asked.
    const language = captionLanguageOf(request.headers['accept-language']);
    const columns = exportColumns(item, query.select?.columns, captions, language);
    // A selected foreign key is exported as its related record's display values: load that relation.
    const related = columns.flatMap((column) => (column.relation ? [column.relation.name] : []));
    const listQuery = query.select
      ? {
          ...query,
          select: { ...query.select, relations: [...new Set([...query.select.relations, ...related])] },
        }
      : query;
    const origin = siteOrigin(request);
    const rows = async function* (): AsyncGenerator<ExportValue[][]> {
      for await (const batch of exportRecords(context, item, listQuery, request.dataSource.knex)) {
        yield batch.map((record) => columns.map((column) => exportValue(record, column, origin)));
      }
    };
    const title = captionIn(item.table, language);
    const { path, url } = await app.downloads.reserve(
      format,
      principalOf(request).id,
      exportFileName(title, format, new Date()),
    );
    const rowCount = await produce(path, () =>
      sqlDialect(request.dataSource.client).withLeanReads(request.dataSource.knex, () =>
        format === 'xlsx'
          ? writeXlsx(
              path,
              title,
              columns.map((column) => column.header),
              rows(),
              columns.map((column) => column.cell),
            )
          : writeXml(
              path,
              columns.map((column) => ({ name: column.column.name, caption: column.header })),
              rows(),
              captions,
            ),
      ),
    );
    // The list's parameters (filter, search, column filters, select, order) are what the user asked
    // for: the entry never holds the records' values.
    await app.audit.record(request, {
      action: 'export',
      dataSource: request.dataSource.name,
      table: item.table.name,
      detail: { format, query: listParameters(params), rows: rowCount },
    });
    return reply.code(201).type('text/plain; charset=utf-8').send(url);
  };

  app.post(
    '/:table/export',
    {
      config: { item: { action: 'export', rowRules: true } },
      schema: {
        tags,
        summary: 'Exports the records of the list query to .xlsx; answers the download URL',
        params: ItemTableParams,
        querystring: ItemListQuery,
        response: { 201: Type.String(), ...errorResponses },
      },
    },
    (request, reply) => exportList(request, reply, request.query, 'xlsx'),
  );

  app.post(
    '/:table/export/xml',
    {
      config: { item: { action: 'export', rowRules: true } },
      schema: {
        tags,
        summary: 'Exports the records of the list query to .xml; answers the download URL',
        params: ItemTableParams,
        querystring: ExportXmlQuery,
        response: { 201: Type.String(), ...errorResponses },
      },
    },
    (request, reply) => exportList(request, reply, request.query, 'xml'),
  );

  app.get(
    '/:table/import/template',
    {
      config: { item: { action: 'import', rowRules: true } },
      schema: {
        tags,
        summary: 'An .xlsx whose header row holds the captions of the insertable columns; answers its URL',
        params: ItemTableParams,
        response: { 201: Type.String(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { item } = itemOf(request);
      const language = captionLanguageOf(request.headers['accept-language']);
      const headers = templateColumns(item).map((column) => captionIn(column, language));
      const title = captionIn(item.table, language);
      const template =
        languageOf(request.headers['accept-language']) === 'en' ? 'import template' : '导入模板';
      const { path, url } = await app.downloads.reserve(
        'xlsx',
        principalOf(request).id,
        exportFileName(`${title}-${template}`, 'xlsx', new Date()),
      );
      await produce(path, () => writeXlsx(path, title, headers, (async function* () {})()));
      return reply.code(201).type('text/plain; charset=utf-8').send(url);
    },
  );
};

export default exportRoutes;
