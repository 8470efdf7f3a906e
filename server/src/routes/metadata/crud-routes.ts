import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { requirePermission } from '../../auth/require-permission';
import { SCHEMA_CHANGE } from '../../plugins/audit';
import { errorResponses } from '../../schemas/common';
import { IdList, IdParams } from '../../schemas/table-query';
import { sendJsonAttachment } from '../json-attachment';
import { namedPlugin } from '../../net/named-plugin';

/** The work behind the routes, on the request's data source (`knex`). */
export interface CrudService<
  TBody extends TSchema,
  TList extends TObject,
  TCount extends TObject,
  TUpdate extends TObject,
  TDelete extends TObject,
> {
  list(knex: Knex, query: Static<TList>): Promise<unknown[]>;
  count(knex: Knex, query: Static<TCount>): Promise<number>;
  get(knex: Knex, id: number): Promise<unknown>;
  /** Returns the new id. */
  create(knex: Knex, body: Static<TBody>, request: FastifyRequest): Promise<number>;
  update(
    knex: Knex,
    id: number,
    body: Static<TBody>,
    query: Static<TUpdate>,
    request: FastifyRequest,
  ): Promise<void>;
  /** Deletes all of `ids` or none. */
  remove(knex: Knex, ids: number[], query: Static<TDelete>, request: FastifyRequest): Promise<void>;
}

export interface CrudRoutesOptions<
  TBody extends TSchema,
  TList extends TObject,
  TCount extends TObject,
  TUpdate extends TObject,
  TDelete extends TObject,
> {
  tags: string[];
  /** Permission codes of the reading routes and of the writing ones. */
  permission: { read: string; write: string };
  /** What the summaries call one record and several: `['sequence', 'sequences']`. */
  noun: readonly [one: string, many: string];
  /** Summaries other than the ones made from `noun`. */
  summaries?: Partial<Record<'list' | 'create' | 'update', string>>;
  schemas: {
    /** One record as answered. */
    record: TSchema;
    /** What create and update take. */
    body: TBody;
    /** Querystring of the list (paging and filters) and of the count (filters). */
    list: TList;
    count: TCount;
    /** Querystrings of the update and of both deletes (default: none). */
    update?: TUpdate;
    delete?: TDelete;
  };
  service: CrudService<TBody, TList, TCount, TUpdate, TDelete>;
  /** `GET /export`: every record of the data source as a JSON attachment named `fileName`. */
  exported?: { fileName: string; all(knex: Knex): Promise<unknown[]> };
  /** Its writes change schemas: each is an audit log entry with the DDL it ran. */
  schemaChanges?: boolean;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The CRUD routes of one kind of metadata (docs/api.md §2), mounted at its prefix: `GET ''` (a page,
 * id DESC), `GET /count`, `GET /export` (optional), `GET /:id`, `POST ''` (201 + the new id),
 * `PATCH /:id` (200, null), `DELETE /:id` and `DELETE ''` with a list of ids (204). Reads need
 * `permission.read`, writes `permission.write`; every route has its schemas in `/api/docs`.
 */
export const crudRoutes = <
  TBody extends TSchema,
  TList extends TObject,
  TCount extends TObject,
  TUpdate extends TObject = TObject,
  TDelete extends TObject = TObject,
>(
  options: CrudRoutesOptions<TBody, TList, TCount, TUpdate, TDelete>,
): FastifyPluginAsyncTypebox => {
  const { tags, noun, schemas, service, exported, summaries = {} } = options;
  const [one, many] = noun;
  const read = requirePermission(options.permission.read);
  const write = requirePermission(options.permission.write);
  const writeConfig = options.schemaChanges ? { config: { audit: SCHEMA_CHANGE } } : {};
  const RecordList = Type.Array(schemas.record);
  const updateQuery = schemas.update ? { querystring: schemas.update } : {};
  const deleteQuery = schemas.delete ? { querystring: schemas.delete } : {};
  // The `as Static<...>` casts: the schemas were validated by Fastify, but TypeScript cannot see
  // through the type provider's conditional type while the schema types are still generic.
  // The querystrings the service gets: each declared one, validated (with its defaults); else none.
  const queryOf = <T>(declared: TSchema | undefined, query: unknown) => (declared ? query : {}) as T;

  const routes: FastifyPluginAsyncTypebox = async (app) => {
    app.get(
      '',
      {
        onRequest: read,
        schema: {
          tags,
          summary: summaries.list ?? `${capitalized(many)}, id DESC`,
          querystring: schemas.list,
          response: { 200: RecordList, ...errorResponses },
        },
      },
      async (request) => service.list(request.dataSource.knex, request.query as Static<TList>),
    );

    app.get(
      '/count',
      {
        onRequest: read,
        schema: {
          tags,
          summary: `Number of ${many}`,
          querystring: schemas.count,
          response: { 200: Type.Integer(), ...errorResponses },
        },
      },
      async (request) => service.count(request.dataSource.knex, request.query as Static<TCount>),
    );

    if (exported) {
      app.get(
        '/export',
        {
          onRequest: read,
          schema: {
            tags,
            summary: `Every ${one} of the data source, as a JSON attachment (${exported.fileName})`,
            response: { 200: RecordList, ...errorResponses },
          },
        },
        async (request, reply) =>
          sendJsonAttachment(reply, exported.fileName, await exported.all(request.dataSource.knex)),
      );
    }

    app.get(
      '/:id',
      {
        onRequest: read,
        schema: {
          tags,
          summary: `A ${one}`,
          params: IdParams,
          response: { 200: schemas.record, ...errorResponses },
        },
      },
      async (request) => service.get(request.dataSource.knex, request.params.id),
    );

    app.post(
      '',
      {
        onRequest: write,
        ...writeConfig,
        schema: {
          tags,
          summary: summaries.create ?? `Create a ${one}`,
          body: schemas.body,
          response: { 201: Type.Integer({ description: 'the new id' }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const id = await service.create(request.dataSource.knex, request.body as Static<TBody>, request);
        return reply.code(201).send(id);
      },
    );

    app.patch(
      '/:id',
      {
        onRequest: write,
        ...writeConfig,
        schema: {
          tags,
          summary: summaries.update ?? `Edit a ${one}`,
          params: IdParams,
          ...updateQuery,
          body: schemas.body,
          response: { 200: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await service.update(
          request.dataSource.knex,
          request.params.id,
          request.body as Static<TBody>,
          queryOf<Static<TUpdate>>(schemas.update, request.query),
          request,
        );
        return reply.code(200).send(null);
      },
    );

    app.delete(
      '/:id',
      {
        onRequest: write,
        ...writeConfig,
        schema: {
          tags,
          summary: `Delete a ${one}`,
          params: IdParams,
          ...deleteQuery,
          response: { 204: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const query = queryOf<Static<TDelete>>(schemas.delete, request.query);
        await service.remove(request.dataSource.knex, [request.params.id], query, request);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '',
      {
        onRequest: write,
        ...writeConfig,
        schema: {
          tags,
          summary: `Delete ${many}`,
          ...deleteQuery,
          body: IdList,
          response: { 204: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const query = queryOf<Static<TDelete>>(schemas.delete, request.query);
        await service.remove(request.dataSource.knex, request.body, query, request);
        return reply.code(204).send(null);
      },
    );
  };
  return namedPlugin(routes, `${many} routes`);
};
