import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { RELATION_LIST_LIMIT } from '../../../../contract/index';
import { requirePermission } from '../../auth/require-permission';
import { errorResponses } from '../../schemas/common';
import { pagingQuery } from '../../schemas/paging';
import { RelationBody, RelationSchema } from '../../schemas/relation';
import { IdParams, NameParams } from '../../schemas/table-query';
import {
  countRelations,
  createRelation,
  deleteRelations,
  getRelation,
  listRelations,
  relationsFrom,
  relationsFromTable,
  updateRelation,
} from '../../services/relations/relation-store';
import { relationsForReader, tableForUser } from '../../services/permissions/table-reader-metadata';
import { crudRoutes } from './crud-routes';

const read = requirePermission('metadata:read');
const tags = ['metadata'];
const Search = Type.Optional(
  Type.String({ maxLength: 200, description: 'substring of name or caption, any case' }),
);
const RelationList = Type.Array(RelationSchema);

/** /api/metadata/tablerelations (docs/api.md §2.3): CRUD, and the relations of one table. */
const relationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(
    crudRoutes({
      tags,
      permission: { read: 'metadata:read', write: 'metadata:write' },
      noun: ['relation', 'relations'],
      schemaChanges: true,
      schemas: {
        record: RelationSchema,
        body: RelationBody,
        list: Type.Object({ ...pagingQuery(RELATION_LIST_LIMIT), search: Search }),
        count: Type.Object({ search: Search }),
      },
      service: {
        list: listRelations,
        count: (knex, query) => countRelations(knex, query.search),
        get: getRelation,
        create: (knex, body) => createRelation(knex, body),
        update: (knex, id, body) => updateRelation(knex, id, body),
        remove: (knex, ids) => deleteRelations(knex, ids),
      },
      exported: { fileName: 'metadataRelation.json', all: (knex) => relationsFrom(knex) },
    }),
  );

  app.get(
    '/fromTable/name/:name',
    {
      schema: {
        tags,
        summary: 'Relations of a table given by name, pluralName or tableName (any case), id order',
        description:
          'With metadata:read all of them; with only the business read permission on the table, those ' +
          'whose columns the user may read (docs/permissions.md); else 403.',
        params: NameParams,
        response: { 200: RelationList, ...errorResponses },
      },
    },
    async (request) => {
      const { table, reader } = await tableForUser(request, request.params.name);
      const relations = await relationsFrom(request.dataSource.knex, [table.id]);
      return reader ? relationsForReader(relations, reader) : relations;
    },
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
};

export default relationRoutes;
