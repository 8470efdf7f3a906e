import { tmpdir } from 'node:os';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { defineServerExtension } from '../../src/extensions/sdk';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describeEachDatabase('data-source registry and shutdown ($name)', (db) => {
  const apps = useTestApps(db);

  it('finishes an in-flight request, then closes every pool', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const slowRoute: FastifyPluginAsyncTypebox = async (app) => {
      app.get('/slow', { config: { public: true } }, async (request) => {
        entered();
        await released;
        const rows = await request.dataSource.knex.select(request.dataSource.knex.raw('1 as ??', ['one']));
        return { one: Number(rows[0]?.one) };
      });
    };
    const extra = {
      name: 'other',
      caption: 'other',
      client: 'sqlite' as const,
      connection: `${apps.env().dataDir}/other.sqlite`,
      database: 'other.sqlite',
    };
    const app = await apps.build(
      { extensions: [defineServerExtension({ name: 'test', routes: slowRoute })] },
      apps.env().config({}, [extra]),
    );
    const sources = app.dataSources.list();
    expect(sources.map((s) => s.name)).toEqual(['primary', 'other']);
    expect(app.dataSources.get('nope')).toBeUndefined();

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pending = fetch(`http://127.0.0.1:${port}/api/ext/test/slow`);
    await inside;
    const closed = app.close();
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    release();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ one: 1 });
    await closed;
    for (const source of sources) {
      await expect(source.knex.raw('select 1')).rejects.toThrow(/Unable to acquire a connection/);
    }
  });
});

describe('startup without a reachable database', () => {
  it('fails with the driver error and leaves nothing open', async () => {
    const config = loadConfig(
      {
        DATA_DIR: tmpdir(),
        DATA_SOURCES: '[{"name":"primary","client":"pg","connection":"postgres://u:p@127.0.0.1:1/db"}]',
      },
      tmpdir(),
    );
    await expect(buildApp(config)).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
