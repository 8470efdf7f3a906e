import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { ApiException } from '../errors/api-exception';
import { contentDisposition } from '../services/files/file-names';
import { principalOf } from './session';
import { downloadType, isDownloadName, type DownloadExtension } from '../services/downloads/download-names';
import { downloadOwners, type DownloadOwners } from '../services/downloads/download-owners';
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

const serve = (app: FastifyInstance, store: DownloadStore, owners: DownloadOwners) =>
  app.get(
    '/download/:name',
    {
      onRequest: app.sessions.authenticate,
      schema: { hide: true, params: Type.Object({ name: Type.String() }) },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      // Someone else's file (or an expired one) is as unknown as a missing one.
      const owned = isDownloadName(name)
        ? await owners.ownedBy(name, principalOf(request).id, Date.now())
        : undefined;
      if (!owned) throw new ApiException('NOT_FOUND');
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
 * `<dataDir>/downloads` with a random name, `GET /download/{name}` serves it to the user who made
 * it as an attachment, and files older than `ttlSeconds` are no longer served and get deleted.
 * Who made each file is kept in primary (`cb_download`), so with `DATA_DIR` on a volume every
 * server shares, a link made on one server works on all of them, and after a restart.
 */
export default fp<DownloadsOptions>(
  async (app, { dataDir, ttlSeconds }) => {
    const ttlMs = ttlSeconds * 1000;
    const store = downloadStore(dataDir, ttlMs);
    // Who made each file: in primary, so that a link made on one server works on the others.
    const owners = downloadOwners(app.dataSources.primary.knex);
    const own = async (url: string, ownerId: number, fileName: string | undefined) => {
      await owners.add(nameOf(url), ownerId, Date.now() + ttlMs, fileName);
      return url;
    };
    app.decorate('downloads', {
      create: async (extension, content, ownerId, fileName) =>
        own(await store.create(extension, content), ownerId, fileName),
      reserve: async (extension, ownerId, fileName) => {
        const reserved = await store.reserve(extension);
        await own(reserved.url, ownerId, fileName);
        return reserved;
      },
    });

    const timer = setInterval(() => {
      const now = Date.now();
      Promise.all([store.removeExpired(now), owners.removeExpired(now)]).catch((error: unknown) =>
        app.log.error({ err: error }, 'removing expired downloads failed'),
      );
    }, sweepIntervalMs(ttlMs));
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    serve(app, store, owners);
  },
  { name: 'downloads', dependencies: ['session'] },
);
