import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiException } from '../errors/api-exception';
import { contentDisposition, isStoredName, servingOf } from '../services/files/file-names';
import { filePathsOf } from '../services/files/file-paths';
import { findServedFile } from '../services/files/file-store';

const openIfExists = async (path: string): Promise<FileHandle | undefined> => {
  try {
    return await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return undefined;
    throw error;
  }
};

/**
 * `GET /download/files/{name}`: an uploaded file, for signed-in users. Only server-made names
 * are looked up (anything else is a 404, so no path ever leaves the store). Images and PDF are
 * shown inline in a sandbox; everything else is a download under its original name.
 */
const fileDownloads: FastifyPluginAsyncTypebox<{ dataDir: string }> = async (app, { dataDir }) => {
  const { root } = filePathsOf(dataDir);
  app.addHook('onRequest', app.sessions.authenticate);

  app.get(
    '/download/files/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String() }) } },
    async (request, reply) => {
      const { name } = request.params;
      if (!isStoredName(name)) throw new ApiException('NOT_FOUND');
      const stored = await findServedFile(app.dataSources.primary.knex, name);
      if (!stored) throw new ApiException('NOT_FOUND');
      const handle = await openIfExists(join(root, name));
      if (!handle) throw new ApiException('NOT_FOUND');
      let size: number;
      try {
        size = (await handle.stat()).size;
      } catch (error) {
        await handle.close();
        throw error;
      }
      const { contentType, inline } = servingOf(name);
      reply
        .header('content-type', contentType)
        .header('content-length', size)
        .header('content-disposition', contentDisposition(stored.name, inline))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache');
      if (inline) reply.header('content-security-policy', 'sandbox');
      // Someone else's upload: the audit log says who fetched it.
      if (request.principal && stored.ownerId !== request.principal.id) {
        await app.audit.record(request, {
          action: 'fileDownload',
          detail: { file: name, name: stored.name, ownerId: stored.ownerId, size },
        });
      }
      return reply.send(handle.createReadStream());
    },
  );
};

export default fileDownloads;
