import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SCHEMA_CHANGE } from '../../plugins/audit';
import type { FastifyRequest } from 'fastify';
import { requirePermission } from '../../auth/require-permission';
import { hasPermission } from '../../auth/permission';
import { ApiException } from '../../errors/api-exception';
import { previewRowRule } from '../../services/permissions/preview-row-rule';
import { errorResponses } from '../../schemas/common';
import { TableSchema } from '../../schemas/metadata';
import { ScreenSettingsSchema } from '../../schemas/screen-settings';
import { TableBody } from '../../schemas/table-body';
import {
  ConfirmQuery,
  DropQuery,
  IdParams,
  NameParams,
  TableCountQuery,
  TableListQuery,
  RowRulePreviewBody,
  RowRulePreviewSchema,
  TableRowCountBody,
  TableRowCountSchema,
  TableSchemaStateSchema,
} from '../../schemas/table-query';
import { setTableRowCount, tableRowCount } from '../../services/tables/table-row-count';
import { repairTableSchema, tableSchemaState } from '../../services/tables/table-schema-state';
import { createTable } from '../../services/tables/create-table';
import { deleteTables } from '../../services/tables/delete-tables';
import { loadTable } from '../../services/tables/load-table';
import { countTables, listTablePage } from '../../services/tables/table-queries';
import { tableForUser, trimScreenSettings } from '../../services/permissions/table-reader-metadata';
import { loadScreenSettings } from '../../services/system-tables/screen-settings';
import { updateTable } from '../../services/tables/update-table';
import { crudRoutes } from './crud-routes';

const tags = ['metadata'];

/** Schema changes log a failed clean-up (the change itself is already answered). */
const hooksFor = (request: FastifyRequest) => ({
  onCleanupError: (step: string, error: unknown) =>
    request.log.error({ err: error, step }, 'schema change clean-up failed'),
});

/** /api/metadata/tables (docs/api.md §2.1): the table designer. */
const tableRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(
    crudRoutes({
      tags,
      permission: { read: 'metadata:read', write: 'metadata:write' },
      noun: ['table', 'tables'],
      schemaChanges: true,
      summaries: {
        list: 'Tables with columns and composite indexes, id DESC',
        create: 'Create a table (and its physical table unless `reverse`)',
        update: 'Edit a table: metadata and physical table change together; 409 if data would be lost',
      },
      schemas: {
        record: TableSchema,
        body: TableBody,
        list: TableListQuery,
        count: TableCountQuery,
        update: ConfirmQuery,
        delete: DropQuery,
      },
      service: {
        list: (knex, { offset, limit, ...filters }) => listTablePage(knex, filters, { offset, limit }),
        count: countTables,
        get: loadTable,
        create: (knex, body, request) => createTable(knex, body, hooksFor(request)),
        update: (knex, id, body, query, request) =>
          updateTable(knex, id, body, { confirmDataLoss: query.confirmDataLoss, hooks: hooksFor(request) }),
        remove: (knex, ids, query, request) =>
          deleteTables(knex, ids, { dropPhysical: query.isDropPhysicalTable, hooks: hooksFor(request) }),
      },
    }),
  );

  app.get(
    '/name/:name',
    {
      schema: {
        tags,
        summary: 'A table by name, pluralName or tableName (any case)',
        description:
          'With metadata:read the whole table; with only the business read permission on the table, the ' +
          'same shape without the columns the user may not read (docs/permissions.md); else 403.',
        params: NameParams,
        response: { 200: TableSchema, ...errorResponses },
      },
    },
    async (request) => (await tableForUser(request, request.params.name)).table,
  );

  app.get(
    '/name/:name/screen',
    {
      schema: {
        tags,
        summary: "A table's saved form layouts and its columns' extension properties (value dialogs, inputs)",
        description:
          'For anyone who may read the table (metadata:read or its business read permission); a reader ' +
          'without metadata:read gets neither layout items nor properties of columns hidden from it.',
        params: NameParams,
        response: { 200: ScreenSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { table, reader } = await tableForUser(request, request.params.name);
      const settings = await loadScreenSettings(
        app.dataSources.primary.knex,
        request.dataSource.name,
        table.id,
      );
      return reader
        ? trimScreenSettings(settings, reader.rules.get(table.id)?.hidden ?? new Set())
        : settings;
    },
  );

  app.get(
    '/:id/row-count',
    {
      onRequest: requirePermission('metadata:read'),
      schema: {
        tags,
        summary: "Whether the table's exact row count is kept beside it (else counts scan the table)",
        params: IdParams,
        response: { 200: TableRowCountSchema, ...errorResponses },
      },
    },
    async (request) => tableRowCount(request.dataSource.knex, request.params.id),
  );

  app.patch(
    '/:id/row-count',
    {
      onRequest: requirePermission('metadata:write'),
      config: { audit: SCHEMA_CHANGE },
      schema: {
        tags,
        summary: "Start or stop keeping a reversed table's row count (triggers on it, and one first count)",
        description:
          'Only for reversed tables on PostgreSQL and MySQL / MariaDB; 409 with the reason when the database cannot keep it.',
        params: IdParams,
        body: TableRowCountBody,
        response: { 200: TableRowCountSchema, ...errorResponses },
      },
    },
    async (request) => setTableRowCount(request.dataSource.knex, request.params.id, request.body.kept),
  );

  app.post(
    '/:id/row-rule-preview',
    {
      // Who may set table permissions (and read the table, checked once it is known).
      onRequest: async (request) => {
        const codes = (request.principal?.authorities ?? []).map((authority) => authority.authority);
        if (
          !hasPermission(codes, 'business:tablePermission:update') &&
          !hasPermission(codes, 'business:tablePermission:create')
        )
          throw new ApiException('FORBIDDEN');
      },
      schema: {
        tags,
        summary: "How many of the table's records a read row rule lets one user see, of how many",
        description:
          'The rules as a table permission holds them (saved or not), filled with the variables of `userId`; the other roles of the user and column rules do not count. 400 for rules a save would refuse, 404 for an unknown or disabled user, 403 unless the caller may write table permissions and read the table.',
        params: IdParams,
        body: RowRulePreviewBody,
        response: { 200: RowRulePreviewSchema, ...errorResponses },
      },
    },
    async (request) =>
      previewRowRule({
        db: request.dataSource.reads,
        dialect: request.dataSource.client,
        primary: request.server.dataSources.primary.knex,
        tableId: request.params.id,
        rowRules: request.body.rowRules,
        userId: request.body.userId,
        authorities: (request.principal?.authorities ?? []).map((authority) => authority.authority),
        dataSource: request.dataSource.name,
      }),
  );

  app.get(
    '/:id/schema-state',
    {
      onRequest: requirePermission('metadata:read'),
      schema: {
        tags,
        summary:
          'Whether the physical table agrees with its metadata, and whether a schema change of it is unfinished',
        params: IdParams,
        response: { 200: TableSchemaStateSchema, ...errorResponses },
      },
    },
    async (request) => tableSchemaState(request.dataSource.knex, request.params.id),
  );

  app.post(
    '/:id/schema-repair',
    {
      onRequest: requirePermission('metadata:write'),
      config: { audit: SCHEMA_CHANGE },
      schema: {
        tags,
        summary:
          'Finish or take back the schema changes a stopped server left half-applied (MySQL / MariaDB)',
        description:
          'Under the schema lock, as a schema change; answers how the table stands after. 409 with the reason when a change can be neither finished nor taken back yet.',
        params: IdParams,
        response: { 200: TableSchemaStateSchema, ...errorResponses },
      },
    },
    async (request) => repairTableSchema(request.dataSource.knex, request.params.id),
  );
};

export default tableRoutes;
