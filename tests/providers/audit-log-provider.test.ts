import { describe, expect, it } from 'vitest';
import type { Revision } from '../../contract';
import { createAuditLogProvider } from '../../packages/client/src/audit-log-provider';
import { createDataProvider, type HttpClient } from '../../packages/client/src/data-provider';

const revision = (id: number, changes: Revision['changes']): Revision => ({
  id,
  action: 'update',
  time: Date.UTC(2024, 5, 1, 8, 0, id),
  user: { id: 1, name: '超级管理员' },
  channel: 'web',
  requestId: `req-${id}`,
  changes,
});

interface Sent {
  url: string;
  method: string;
  params: Record<string, unknown>;
  dataSource?: string;
  requiredPermissions: string[];
}

/** A provider on a fake HTTP client that answers history pages from `stored` (newest first) and throws on anything else. */
const providerOn = (stored: Revision[]) => {
  const sent: Sent[] = [];
  const http: HttpClient = {
    request: (async (config: Sent) => {
      sent.push(config);
      if (config.method !== 'get' || !config.url.endsWith('/history')) {
        throw new Error(`unexpected ${config.method} ${config.url}`);
      }
      const offset = Number(config.params.offset);
      const limit = Number(config.params.limit);
      return { data: stored.slice(offset, offset + limit) };
    }) as HttpClient['request'],
  };
  const data = createDataProvider(http, {
    apiUrl: '/api',
    basePath: '/business',
    deleteFlag: 'isSoftDelete',
  });
  return { provider: createAuditLogProvider(data.custom), sent };
};

describe('the audit-log provider on record history', () => {
  it("reads a record's revisions in Refine's log shape, from the record's data source", async () => {
    const { provider, sent } = providerOn([
      revision(2, [{ column: 'borrower', old: '张三', new: '李四' }]),
      revision(1, [{ column: 'password', secret: true }]),
    ]);
    const logs = (await provider.get({
      resource: 'loan',
      meta: { id: 'a=1,b=x/y', dataSource: 'music' },
    })) as {
      id: number;
      createdAt: string;
      action: string;
      author: unknown;
      data: unknown;
      previousData: unknown;
      meta: Revision & { recordId: string };
    }[];
    expect(sent[0]?.url).toBe('/business/loan/a%3D1%2Cb%3Dx%2Fy/history');
    expect(sent[0]?.params).toEqual({ offset: 0, limit: 100 });
    expect(sent[0]?.dataSource).toBe('music');
    expect(sent[0]?.requiredPermissions).toEqual(['business:loan:read']);
    expect(logs.map((log) => log.id)).toEqual([2, 1]);
    expect(logs[0]).toMatchObject({
      createdAt: '2024-06-01T08:00:02.000Z',
      action: 'update',
      author: { id: 1, name: '超级管理员' },
      data: { borrower: '李四' },
      previousData: { borrower: '张三' },
      meta: { recordId: 'a=1,b=x/y', channel: 'web', requestId: 'req-2' },
    });
    // a password change keeps no value, in the log either
    expect(logs[1]).toMatchObject({ data: {}, previousData: {} });
  });

  it('reads pages of 100 in turn up to the limit asked, and stops at the last one', async () => {
    const stored = Array.from({ length: 230 }, (_, index) => revision(230 - index, []));
    const { provider, sent } = providerOn(stored);
    const first = (await provider.get({ resource: 'loan', meta: { id: 7, limit: 150 } })) as unknown[];
    expect(first).toHaveLength(150);
    expect(sent.map((config) => config.params)).toEqual([
      { offset: 0, limit: 100 },
      { offset: 100, limit: 50 },
    ]);
    sent.length = 0;
    const all = (await provider.get({ resource: 'loan', meta: { id: 7, limit: 1000 } })) as unknown[];
    expect(all).toHaveLength(230);
    expect(sent).toHaveLength(3);
  });

  it('needs the record key, and writes nothing itself', async () => {
    const { provider, sent } = providerOn([]);
    await expect(provider.get({ resource: 'loan', meta: {} })).rejects.toThrow(/meta\.id/);
    expect(sent).toHaveLength(0);
    // Refine calls `create` and `update` only when they exist: the server records every change
    expect('create' in provider).toBe(false);
    expect('update' in provider).toBe(false);
  });
});
