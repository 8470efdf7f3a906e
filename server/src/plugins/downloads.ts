import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { ApiException } from '../errors/api-exception';
import { contentDisposition } from '../services/files/file-names';
import { principalOf } from './session';
import { downloadType, type DownloadExtension } from '../services/downloads/download-names';
import { downloadStore, type DownloadStore } from '../services/downloads/download-store';

export interface Downloads {
  /**
   * Stores a generated file and returns its download URL (`/download/<random name>`); only the
   * user `ownerId` may fetch it. `fileName` is the name the browser saves it as (default: the
   * random one).
   */
  create(
    extension: DownloadExtension,
    content: string | Uint8Array,
    ownerId: number,
    fileName?: string,
  ): Promise<string>;
  /** A path to stream a new file into, and the URL it is served at (to `ownerId` only) once written. */
  reserve(
    extension: DownloadExtension,
    ownerId: number,
    fileName?: string,
  ): Promise<{ path: string; url: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    downloads: Downloads;
  }
}

export interface DownloadsOptions {
  dataDir: string;
  /** How long a generated file stays downloadable. */
  ttlSeconds: number;
}

/** How often expired files are looked for: a tenth of their life, between 1 s and 10 min. */
export const sweepIntervalMs = (ttlMs: number): number => Math.min(10 * 60_000, Math.max(1000, ttlMs / 10));

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Who may fetch a generated file, and the name it is saved as. */
interface Owned {
  ownerId: number;
  fileName: string | undefined;
}

const serve = (app: FastifyInstance, store: DownloadStore, owners: Map<string, Owned>) =>
  app.get(
    '/download/:name',
    {
      onRequest: app.sessions.authenticate,
      schema: { hide: true, params: Type.Object({ name: Type.String() }) },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      // Someone else's file (or one made before a restart) is as unknown as a missing one.
      const owned = owners.get(name);
      if (owned?.ownerId !== principalOf(request).id) throw new ApiException('NOT_FOUND');
      const opened = await store.open(name);
      if (!opened) throw new ApiException('NOT_FOUND');
      reply
        .header('content-type', downloadType(name))
        .header('content-length', opened.size)
        .header('content-disposition', contentDisposition(owned.fileName ?? name, false))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(opened.handle.createReadStream());
    },
  );

/**
 * Generated downloads (docs/api.md §0): `app.downloads.create` writes a file under
 * `<dataDir>/downloads` with a random name, `GET /download/{name}` serves it to signed-in users as
 * an attachment, and files older than `ttlSeconds` are no longer served and get deleted.
 */
export default fp<DownloadsOptions>(
  async (app, { dataDir, ttlSeconds }) => {
    const ttlMs = ttlSeconds * 1000;
    const store = downloadStore(dataDir, ttlMs);
    // Who made each file; in memory, so files made before a restart are no longer served.
    const owners = new Map<string, Owned>();
    const own = (url: string, ownerId: number, fileName: string | undefined) => {
      owners.set(nameOf(url), { ownerId, fileName });
      return url;
    };
    app.decorate('downloads', {
      create: async (extension, content, ownerId, fileName) =>
        own(await store.create(extension, content), ownerId, fileName),
      reserve: async (extension, ownerId, fileName) => {
        const reserved = await store.reserve(extension);
        own(reserved.url, ownerId, fileName);
        return reserved;
      },
    });

    const timer = setInterval(() => {
      const now = Date.now();
      store
        .removeExpired(now)
        .then(async () => {
          for (const name of owners.keys()) {
            const opened = await store.open(name, now);
            if (opened) await opened.handle.close();
            else owners.delete(name);
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'removing expired downloads failed'));
    }, sweepIntervalMs(ttlMs));
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    serve(app, store, owners);
  },
  { name: 'downloads', dependencies: ['session'] },
);
