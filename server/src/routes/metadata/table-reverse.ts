import { withMysqlStyleKeys } from '../../services/reverse/mysql-style-description';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SCHEMA_CHANGE } from '../../plugins/audit';
import { Type } from 'typebox';
import { requirePermission } from '../../auth/require-permission';
import { errorResponses } from '../../schemas/common';
import {
  PhysicalTableDescriptionSchema,
  PhysicalTableNameParams,
  PhysicalTableSummarySchema,
  ReverseManyBody,
  ReverseManyQuery,
  ReverseOneBody,
  ReverseReportSchema,
} from '../../schemas/reverse';
import { languageOf } from '../../i18n/messages';
import { describePhysicalTable, listUnmanagedTables } from '../../services/reverse/physical-tables';
import { reverseTables, type ReverseResult } from '../../services/reverse/reverse-tables';

const read = requirePermission('metadata:read');
const write = requirePermission('metadata:write');
const tags = ['metadata'];

/** The response header listing what a reverse could only approximate (JSON, ASCII). */
export const WARNINGS_HEADER = 'x-reverse-warnings';
const MAX_HEADER_WARNINGS = 100;

const ascii = (text: string) =>
  text.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Reports the warnings in the log and, when there are any, in the response header. */
const reportWarnings = (reply: FastifyReply, log: FastifyBaseLogger, result: ReverseResult) => {
  if (result.warnings.length === 0) return;
  log.warn({ warnings: result.warnings }, 'reverse engineering approximated some of the schema');
  reply.header(WARNINGS_HEADER, ascii(JSON.stringify(result.warnings.slice(0, MAX_HEADER_WARNINGS))));
};

const warningsNote = `Approximations (nearest data types, defaults or indexes metadata cannot hold, skipped foreign keys) are listed as JSON in the \`${WARNINGS_HEADER}\` response header and logged; a column whose type is approximate says so in its description.`;

/** /api/metadata/tables/metadatas (docs/api.md §2.1): reverse engineering of existing physical tables. */
const tableReverseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/metadatas',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Physical tables that no metadata describes yet',
        response: { 200: Type.Array(PhysicalTableSummarySchema), ...errorResponses },
      },
    },
    async (request) => listUnmanagedTables(request.dataSource.knex),
  );

  app.get(
    '/metadatas/:tableName',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'What the database says about one physical table',
        params: PhysicalTableNameParams,
        response: { 200: PhysicalTableDescriptionSchema, ...errorResponses },
      },
    },
    async (request) =>
      withMysqlStyleKeys(await describePhysicalTable(request.dataSource.knex, request.params.tableName)),
  );

  app.post(
    '/metadatas/reverse/:tableName',
    {
      onRequest: write,
      config: { audit: SCHEMA_CHANGE },
      schema: {
        tags,
        summary: 'Build metadata from a physical table without touching it',
        description: warningsNote,
        params: PhysicalTableNameParams,
        body: ReverseOneBody,
        response: { 201: Type.Integer({ description: 'the new table id' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await reverseTables(request.dataSource.knex, [request.params.tableName]);
      reportWarnings(reply, request.log, result);
      return reply.code(201).send(result.ids[0] as number);
    },
  );

  app.post(
    '/metadatas/reverse',
    {
      onRequest: write,
      config: { audit: SCHEMA_CHANGE },
      schema: {
        tags,
        summary:
          'Build metadata from physical tables; their foreign keys become relations. All or nothing, unless partial=true',
        description: `${warningsNote} With \`partial=true\` the tables that can be reversed are, and the answer reports per table: \`{reversed: [{table, id}], skipped: [{table, message}], warnings}\`.`,
        querystring: ReverseManyQuery,
        body: ReverseManyBody,
        response: { 201: Type.Union([Type.Array(Type.Integer()), ReverseReportSchema]), ...errorResponses },
      },
    },
    async (request, reply) => {
      const partial = request.query.partial === true;
      const result = await reverseTables(request.dataSource.knex, request.body, { partial });
      reportWarnings(reply, request.log, result);
      if (!partial) return reply.code(201).send(result.ids);
      const lang = languageOf(request.headers['accept-language']);
      return reply.code(201).send({
        reversed: result.reversed,
        skipped: result.skipped.map(({ table, message }) => ({ table, message: message[lang] })),
        warnings: result.warnings,
      });
    },
  );
};

export default tableReverseRoutes;
