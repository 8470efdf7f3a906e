import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission } from '../../auth/require-permission';
import { errorResponses } from '../../schemas/common';
import { TableSchema } from '../../schemas/metadata';
import { TableBody } from '../../schemas/table-body';
import {
  ConfirmQuery,
  DropQuery,
  IdList,
  IdParams,
  NameParams,
  TableCountQuery,
  TableListQuery,
} from '../../schemas/table-query';
import { createTable } from '../../services/tables/create-table';
import { deleteTables } from '../../services/tables/delete-tables';
import { loadTable } from '../../services/tables/load-table';
import { countTables, getTableByName, listTablePage } from '../../services/tables/table-queries';
import { updateTable } from '../../services/tables/update-table';

const read = requirePermission('metadata:read');
const write = requirePermission('metadata:write');
const tags = ['metadata'];

/** /api/metadata/tables (docs/api.md §2.1): the table designer. */
const tableRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hooksFor = (log: { error: (object: object, message: string) => void }) => ({
    onCleanupError: (step: string, error: unknown) =>
      log.error({ err: error, step }, 'schema change clean-up failed'),
  });

  app.get(
    '',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Tables with columns and composite indexes, id DESC',
        querystring: TableListQuery,
        response: { 200: Type.Array(TableSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { offset, limit, ...filters } = request.query;
      return listTablePage(request.dataSource.knex, filters, { offset, limit });
    },
  );

  app.get(
    '/count',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Number of tables',
        querystring: TableCountQuery,
        response: { 200: Type.Integer(), ...errorResponses },
      },
    },
    async (request) => countTables(request.dataSource.knex, request.query),
  );

  app.get(
    '/name/:name',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'A table by name, pluralName or tableName (any case)',
        params: NameParams,
        response: { 200: TableSchema, ...errorResponses },
      },
    },
    async (request) => getTableByName(request.dataSource.knex, request.params.name),
  );

  app.get(
    '/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'A table',
        params: IdParams,
        response: { 200: TableSchema, ...errorResponses },
      },
    },
    async (request) => loadTable(request.dataSource.knex, request.params.id),
  );

  app.post(
    '',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Create a table (and its physical table unless `reverse`)',
        body: TableBody,
        response: { 201: Type.Integer({ description: 'the new id' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = await createTable(request.dataSource.knex, request.body, hooksFor(request.log));
      return reply.code(201).send(id);
    },
  );

  app.patch(
    '/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Edit a table: metadata and physical table change together; 409 if data would be lost',
        params: IdParams,
        querystring: ConfirmQuery,
        body: TableBody,
        response: { 200: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await updateTable(request.dataSource.knex, request.params.id, request.body, {
        confirmDataLoss: request.query.confirmDataLoss,
        hooks: hooksFor(request.log),
      });
      return reply.code(200).send(null);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Delete a table',
        params: IdParams,
        querystring: DropQuery,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteTables(request.dataSource.knex, [request.params.id], {
        dropPhysical: request.query.isDropPhysicalTable,
        hooks: hooksFor(request.log),
      });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Delete tables',
        querystring: DropQuery,
        body: IdList,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteTables(request.dataSource.knex, request.body, {
        dropPhysical: request.query.isDropPhysicalTable,
        hooks: hooksFor(request.log),
      });
      return reply.code(204).send(null);
    },
  );
};

export default tableRoutes;
