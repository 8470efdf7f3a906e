import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requirePermission } from '../auth/require-permission';
import type { UploadConfig } from '../config';
import { ApiException } from '../errors/api-exception';
import { fileMessage } from '../i18n/file-messages';
import { principalOf } from '../plugins/session';
import { errorResponses } from '../schemas/common';
import { ChunkResultSchema, Md5ParamsSchema, UploadedFileSchema, UploadStatusSchema } from '../schemas/files';
import { bigUploads, type ChunkResult } from '../services/files/big-upload';
import { CHUNK_FIELDS, parseChunkFields } from '../services/files/chunk-fields';
import {
  cleanOriginalName,
  formatBytes,
  isStoredName,
  MD5,
  newStoredName,
} from '../services/files/file-names';
import { filePathsOf } from '../services/files/file-paths';
import { findFileByStoredName, insertFile, type StoredFile } from '../services/files/file-store';
import { KeyLock } from '../services/files/key-lock';
import { sharedKeyLock } from '../services/files/shared-key-lock';
import { sqlDialect } from '../dialects/sql/sql-dialects';
import { MULTIPART_LIMITS, receiveMultipart } from '../services/files/receive-multipart';
import { cleanupIntervalMs, removeStaleUploads } from '../services/files/stale-uploads';

export interface FileRoutesOptions {
  dataDir: string;
  uploads: UploadConfig;
  /** How long one upload request (a file, a chunk of a big one) may take to arrive, in ms. */
  uploadTimeoutMs?: number;
}

const UPLOAD = 'file:upload';
/** How long a chunk waits for another server's work on the same upload before a 503. */
const UPLOAD_LOCK_WAIT_MS = 60_000;
const fileRequired = () =>
  new ApiException('VALIDATION_ERROR', undefined, { file: fileMessage('fileRequired') });

/**
 * Uploads (docs/api.md §4): `POST /api/file`, chunked `POST /api/file/big` and its resume state
 * `GET /api/file/big/{md5}`. Files are streamed to `<dataDir>/files` under random names and
 * recorded in `cb_file` of `primary`. Stale partial uploads are deleted in the background.
 */
const fileRoutes: FastifyPluginAsyncTypebox<FileRoutesOptions> = async (
  app,
  { dataDir, uploads, uploadTimeoutMs },
) => {
  // Files and chunks of big ones may come over slow links: their own, longer time to arrive.
  const uploadBudget = uploadTimeoutMs === undefined ? {} : { requestTimeoutMs: uploadTimeoutMs };
  // The multipart parser leaves the body unread (so the global body limit does not apply); each
  // route streams it with its own file size limit.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  const paths = filePathsOf(dataDir);
  await mkdir(paths.incoming, { recursive: true });
  await mkdir(paths.partial, { recursive: true });
  const knex = () => app.dataSources.primary.knex;
  // Servers sharing DATA_DIR take turns on an upload (its md5 and user) through a lock of the shared
  // primary database, so that an upload's chunks may land on any of them (SQLite: one server, the
  // local turn only).
  const lock = sharedKeyLock(new KeyLock(), (key, task) => {
    const primary = app.dataSources.primary;
    return sqlDialect(primary.client).withDatabaseLock(
      primary.knex,
      `cb_upload_${key}`,
      task,
      UPLOAD_LOCK_WAIT_MS,
    );
  });
  const big = bigUploads({ knex, paths, lock });

  const ttlMs = uploads.partialTtlSeconds * 1000;
  const timer = setInterval(() => {
    removeStaleUploads(paths, lock, ttlMs).catch((error: unknown) =>
      app.log.error({ err: error }, 'removing stale uploads failed'),
    );
  }, cleanupIntervalMs(ttlMs));
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await big.close();
  });

  app.post(
    '/file',
    {
      config: { dataSource: false, ...uploadBudget },
      onRequest: requirePermission(UPLOAD),
      schema: {
        tags: ['files'],
        summary: 'Upload one file (multipart field `file`)',
        consumes: ['multipart/form-data'],
        response: { 201: UploadedFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { file } = await receiveMultipart(request, {
        incomingDir: paths.incoming,
        maxFileSize: uploads.maxFileSize,
        tooLarge: fileMessage('fileTooLarge', { limit: formatBytes(uploads.maxFileSize) }),
        fields: [],
      });
      if (!file) throw fileRequired();
      const name = cleanOriginalName(file.filename);
      const fileName = newStoredName(name);
      const storedPath = join(paths.root, fileName);
      let stored: StoredFile;
      try {
        await rename(file.path, storedPath);
        stored = await insertFile(knex(), {
          name,
          fileName,
          size: file.size,
          md5: file.md5,
          ownerId: principalOf(request).id,
        });
      } catch (error) {
        await rm(file.path, { force: true });
        await rm(storedPath, { force: true });
        throw error;
      }
      await app.audit.record(request, {
        action: 'fileUpload',
        detail: { name: stored.name, file: stored.fileName, size: stored.size },
      });
      return reply.status(201).send({ size: stored.size, name: stored.name, url: stored.url });
    },
  );

  app.post(
    '/file/big',
    {
      config: { dataSource: false, ...uploadBudget },
      onRequest: requirePermission(UPLOAD),
      schema: {
        tags: ['files'],
        summary: 'Upload one chunk of a big file (multipart: file, name, md5, size, chunks, chunk)',
        consumes: ['multipart/form-data'],
        response: { 201: ChunkResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const received = await receiveMultipart(request, {
        incomingDir: paths.incoming,
        maxFileSize: uploads.maxChunkSize,
        tooLarge: fileMessage('chunkTooLarge', { limit: formatBytes(uploads.maxChunkSize) }),
        fields: CHUNK_FIELDS,
        // Refuse before storing anything when the fields came first and are wrong.
        beforeFile: (fields) => {
          if (CHUNK_FIELDS.every((key) => key in fields)) parseChunkFields(fields, uploads);
        },
        // Once the upload's layout is known, a chunk is written straight into its place.
        placeFile: async (fields) =>
          CHUNK_FIELDS.every((key) => key in fields)
            ? big.place(parseChunkFields(fields, uploads), principalOf(request).id)
            : undefined,
      });
      let result: ChunkResult;
      try {
        const fields = parseChunkFields(received.fields, uploads);
        if (!received.file) throw fileRequired();
        result = await big.receiveChunk(fields, received.file, principalOf(request).id);
      } finally {
        // Before answering: the chunk was copied into place, or is not wanted.
        received.file?.placement?.abandon();
        if (received.file && !received.file.placement) await rm(received.file.path, { force: true });
      }
      if (result.isFinished && result.url !== undefined) {
        await app.audit.record(request, {
          action: 'fileUpload',
          detail: {
            name: result.name,
            file: result.url.slice(result.url.lastIndexOf('/') + 1),
            size: result.size,
            big: true,
          },
        });
      }
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/file/stored/:name',
    {
      config: { dataSource: false },
      schema: {
        tags: ['files'],
        summary: "An uploaded file's original name and size, by the stored name its URL ends in",
        description:
          'For any signed-in user, as the file itself (`GET /download/files/{name}`): a form names a ' +
          'stored file by the name it was uploaded under. An unknown or malformed name is a 404.',
        params: Type.Object({ name: Type.String({ maxLength: 200 }) }),
        response: { 200: UploadedFileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { name } = request.params;
      if (!isStoredName(name)) throw new ApiException('NOT_FOUND');
      const stored = await findFileByStoredName(knex(), name);
      if (!stored) throw new ApiException('NOT_FOUND');
      return { size: stored.size, name: stored.name, url: stored.url };
    },
  );

  app.get(
    '/file/big/:md5',
    {
      config: { dataSource: false, ...uploadBudget },
      onRequest: requirePermission(UPLOAD),
      schema: {
        tags: ['files'],
        summary: 'What the server holds of a chunked upload, for resuming',
        params: Md5ParamsSchema,
        response: { 200: UploadStatusSchema, ...errorResponses },
      },
    },
    async (request) => {
      const md5 = request.params.md5.toLowerCase();
      if (!MD5.test(md5)) {
        throw new ApiException('VALIDATION_ERROR', undefined, { md5: fileMessage('md5Format') });
      }
      return big.status(md5, principalOf(request).id);
    },
  );
};

export default fileRoutes;
