import multipart from '@fastify/multipart';
import { principalOf } from '../../plugins/session';
import { codesOf } from '../../auth/api-token-rules';
import { hasPermission } from '../../auth/permission';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SCHEMA_CHANGE } from '../../plugins/audit';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { exportFileName } from '../../services/export/export-file-name';
import { requirePermission } from '../../auth/require-permission';
import { ApiException } from '../../errors/api-exception';
import { transferMessage } from '../../i18n/transfer-messages';
import { errorResponses } from '../../schemas/common';
import { MetadataBundleBody } from '../../schemas/metadata-bundle';
import { IdList } from '../../schemas/table-query';
import { exportMetadata } from '../../services/transfer/export-metadata';
import { IMPORT_TABLE_MODES, importMetadata } from '../../services/transfer/import-metadata';

const read = requirePermission('metadata:read');
const write = requirePermission('metadata:write');
const tags = ['metadata'];
const Created = Type.Array(Type.Integer(), { description: 'ids of the created tables' });
const ImportQuery = Type.Object(
  {
    tables: Type.Optional(
      Type.Enum([...IMPORT_TABLE_MODES], {
        description:
          'asFile (default): a table marked reverse describes an existing table, the others are created; ' +
          'create: every table is created; attach: every table describes an existing table',
      }),
    ),
  },
  { additionalProperties: false },
);

const fileRequired = () =>
  new ApiException('VALIDATION_ERROR', undefined, { file: transferMessage('fileRequired') });
const notJson = () =>
  new ApiException('VALIDATION_ERROR', undefined, { file: transferMessage('fileNotJson') });

/** The `file` part of a multipart request as text; 400 without one, 413 over `maxBytes`. */
const readFilePart = async (request: FastifyRequest, maxBytes: number): Promise<string> => {
  if (!request.isMultipart()) throw fileRequired();
  let text: string | undefined;
  try {
    for await (const part of request.parts({ limits: { files: 1, fields: 16, fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || text !== undefined) {
        part.file.resume();
        continue;
      }
      text = (await part.toBuffer()).toString('utf8');
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiException('PAYLOAD_TOO_LARGE');
    if (error instanceof ApiException) throw error;
    throw fileRequired();
  }
  if (text === undefined) throw fileRequired();
  return text;
};

/**
 * Metadata files (docs/api.md §2.1): `POST /api/metadata/tables/export` writes the tables with their
 * sequences and relations as JSON and answers its download URL; `POST .../import` (JSON body) and
 * `POST .../file/import` (multipart `file`) create what a file describes, all or nothing.
 */
const tableTransferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { throwFileSizeLimit: true });
  const maxBytes = app.initialConfig.bodyLimit ?? 5 * 1024 * 1024;
  const hooksFor = (log: { error: (object: object, message: string) => void }) => ({
    onCleanupError: (step: string, error: unknown) =>
      log.error({ err: error, step }, 'schema change clean-up failed'),
  });

  app.post(
    '/export',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Export tables with their sequences and relations as a JSON file: its download URL',
        body: IdList,
        response: { 201: Type.String({ description: 'download URL (text)' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const bundle = await exportMetadata(request.dataSource.knex, request.body, {
        permissions: hasPermission(codesOf(principalOf(request)), 'business:tablePermission:read'),
      });
      const url = await app.downloads.create(
        'json',
        `${JSON.stringify(bundle, null, 2)}\n`,
        principalOf(request).id,
        exportFileName(`${request.dataSource.name}-metadata`, 'json', new Date()),
      );
      return reply.code(201).type('text/plain; charset=utf-8').send(url);
    },
  );

  app.post(
    '/import',
    {
      onRequest: write,
      config: { audit: SCHEMA_CHANGE },
      schema: {
        tags,
        summary: 'Import a metadata file’s content, all or nothing (409 listing every conflict)',
        body: MetadataBundleBody,
        querystring: ImportQuery,
        response: { 201: Created, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ids = await importMetadata(request.dataSource.knex, request.body, {
        tables: request.query.tables ?? 'asFile',
        hooks: hooksFor(request.log),
        authorities: codesOf(principalOf(request)),
      });
      return reply.code(201).send(ids);
    },
  );

  app.post(
    '/file/import',
    {
      onRequest: write,
      config: { audit: SCHEMA_CHANGE },
      // The file is read before validation, so that its content is checked like a JSON body.
      preValidation: async (request) => {
        const text = await readFilePart(request, maxBytes);
        try {
          request.body = JSON.parse(text.replace(/^\uFEFF/, '')) as typeof request.body;
        } catch {
          throw notJson();
        }
      },
      schema: {
        tags,
        summary: 'Import a metadata file (multipart `file`), all or nothing',
        consumes: ['multipart/form-data'],
        body: MetadataBundleBody,
        querystring: ImportQuery,
        response: { 201: Created, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ids = await importMetadata(request.dataSource.knex, request.body, {
        tables: request.query.tables ?? 'asFile',
        hooks: hooksFor(request.log),
        authorities: codesOf(principalOf(request)),
      });
      return reply.code(201).send(ids);
    },
  );
};

export default tableTransferRoutes;
