import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { RELATION_LIST_LIMIT } from '../../../../contract/index';
import { requirePermission } from '../../auth/require-permission';
import { errorResponses } from '../../schemas/common';
import { pagingQuery } from '../../schemas/paging';
import { RelationBody, RelationSchema } from '../../schemas/relation';
import { IdList, IdParams, NameParams } from '../../schemas/table-query';
import { sendJsonAttachment } from '../json-attachment';
import {
  countRelations,
  createRelation,
  deleteRelations,
  getRelation,
  listRelations,
  relationsFrom,
  relationsFromTable,
  relationsFromTableName,
  updateRelation,
} from '../../services/relations/relation-store';

const read = requirePermission('metadata:read');
const write = requirePermission('metadata:write');
const tags = ['metadata'];
const Search = Type.Optional(
  Type.String({ maxLength: 200, description: 'substring of name or caption, any case' }),
);
const RelationList = Type.Array(RelationSchema);

/** /api/metadata/tablerelations (docs/api.md §2.3). */
const relationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Relations, id DESC',
        querystring: Type.Object({ ...pagingQuery(RELATION_LIST_LIMIT), search: Search }),
        response: { 200: RelationList, ...errorResponses },
      },
    },
    async (request) => listRelations(request.dataSource.knex, request.query),
  );

  app.get(
    '/count',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Number of relations',
        querystring: Type.Object({ search: Search }),
        response: { 200: Type.Integer(), ...errorResponses },
      },
    },
    async (request) => countRelations(request.dataSource.knex, request.query.search),
  );

  app.get(
    '/export',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Every relation of the data source, as a JSON attachment (metadataRelation.json)',
        response: { 200: RelationList, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendJsonAttachment(reply, 'metadataRelation.json', await relationsFrom(request.dataSource.knex)),
  );

  app.get(
    '/fromTable/name/:name',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Relations of a table given by name, pluralName or tableName (any case), id order',
        params: NameParams,
        response: { 200: RelationList, ...errorResponses },
      },
    },
    async (request) => relationsFromTableName(request.dataSource.knex, request.params.name),
  );

  app.get(
    '/fromTable/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Relations of a table, id order',
        params: IdParams,
        response: { 200: RelationList, ...errorResponses },
      },
    },
    async (request) => relationsFromTable(request.dataSource.knex, request.params.id),
  );

  app.get(
    '/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'A relation',
        params: IdParams,
        response: { 200: RelationSchema, ...errorResponses },
      },
    },
    async (request) => getRelation(request.dataSource.knex, request.params.id),
  );

  app.post(
    '',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Create a relation',
        body: RelationBody,
        response: { 201: Type.Integer({ description: 'the new id' }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRelation(request.dataSource.knex, request.body)),
  );

  app.patch(
    '/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Edit a relation',
        params: IdParams,
        body: RelationBody,
        response: { 200: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await updateRelation(request.dataSource.knex, request.params.id, request.body);
      return reply.code(200).send(null);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Delete a relation',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteRelations(request.dataSource.knex, [request.params.id]);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Delete relations',
        body: IdList,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteRelations(request.dataSource.knex, request.body);
      return reply.code(204).send(null);
    },
  );
};

export default relationRoutes;
