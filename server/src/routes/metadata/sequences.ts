import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission } from '../../auth/require-permission';
import { errorResponses } from '../../schemas/common';
import { pagingQuery } from '../../schemas/paging';
import { SequenceBody, SequenceSchema } from '../../schemas/sequence-body';
import { IdList, IdParams } from '../../schemas/table-query';
import { sendJsonAttachment } from '../json-attachment';
import {
  allSequences,
  countSequences,
  createSequence,
  deleteSequences,
  getSequence,
  listSequences,
  updateSequence,
} from '../../services/sequences/sequence-store';

const read = requirePermission('metadata:read');
const write = requirePermission('metadata:write');
const tags = ['metadata'];
const Search = Type.Optional(
  Type.String({ maxLength: 200, description: 'substring of name or caption, any case' }),
);

/** /api/metadata/sequences (docs/api.md §2.2). */
const sequenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Sequences, id DESC',
        querystring: Type.Object({ ...pagingQuery(), search: Search }),
        response: { 200: Type.Array(SequenceSchema), ...errorResponses },
      },
    },
    async (request) => listSequences(request.dataSource.knex, request.query),
  );

  app.get(
    '/count',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Number of sequences',
        querystring: Type.Object({ search: Search }),
        response: { 200: Type.Integer(), ...errorResponses },
      },
    },
    async (request) => countSequences(request.dataSource.knex, request.query.search),
  );

  app.get(
    '/export',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Every sequence of the data source, as a JSON attachment (metadataSequence.json)',
        response: { 200: Type.Array(SequenceSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendJsonAttachment(reply, 'metadataSequence.json', await allSequences(request.dataSource.knex)),
  );

  app.get(
    '/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'A sequence',
        params: IdParams,
        response: { 200: SequenceSchema, ...errorResponses },
      },
    },
    async (request) => getSequence(request.dataSource.knex, request.params.id),
  );

  app.post(
    '',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Create a sequence',
        body: SequenceBody,
        response: { 201: Type.Integer({ description: 'the new id' }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSequence(request.dataSource.knex, request.body)),
  );

  app.patch(
    '/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Edit a sequence',
        params: IdParams,
        body: SequenceBody,
        response: { 200: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await updateSequence(request.dataSource.knex, request.params.id, request.body);
      return reply.code(200).send(null);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Delete a sequence',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteSequences(request.dataSource.knex, [request.params.id]);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Delete sequences',
        body: IdList,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteSequences(request.dataSource.knex, request.body);
      return reply.code(204).send(null);
    },
  );
};

export default sequenceRoutes;
