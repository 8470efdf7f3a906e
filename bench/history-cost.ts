/**
 * What record history costs a single-record write on SQLite: p50 of a create and of an update
 * (one changed column) through the business API in this process (Fastify's inject, no network),
 * with history recorded as it is, and with the recording switched off in this process only
 * (the revision log's `add` made a no-op), on the same table of a fresh database.
 *
 *   BENCH_HISTORY_RUNS  timed writes per figure (default 2000)
 *
 *   tsx bench/history-cost.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { RevisionLog } from '../server/src/services/history/revision-log';
import { envInteger, median, ms, timeRuns } from './bench-stats';

const PASSWORD = 'Bench-admin-Pass-1';

const percentile50 = (times: readonly number[]) => median(times);

export const runHistoryCost = async (): Promise<void> => {
  const runs = envInteger('BENCH_HISTORY_RUNS', 2000);
  const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-bench-history-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, DATA_SOURCES: '[]' }, dataDir),
    adminPassword: PASSWORD,
  };
  const app = await buildApp(config, { webRoot: '/nonexistent-web-root' });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: 'superadmin', password: PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const call = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
      const response = await app.inject({ method, url, payload, headers: { cookie } });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response;
    };
    await call('POST', '/api/metadata/tables', {
      name: 'benchHistory',
      columns: [
        { name: 'id', dataType: 'BIGINT', indexType: 'PRIMARY', autoIncrement: true, nullable: false },
        { name: 'name', dataType: 'VARCHAR', length: 100 },
        { name: 'amount', dataType: 'INT' },
        { name: 'note', dataType: 'VARCHAR', length: 200 },
        { name: 'lastModifiedDate', dataType: 'DATETIME' },
      ],
    });
    let n = 0;
    const create = () =>
      call('POST', '/api/business/benchHistory', { name: `row ${++n}`, amount: n, note: '物流' });
    const update = () => call('PATCH', '/api/business/benchHistory/1', { amount: ++n });
    await create();
    const figures = async (label: string) => {
      const created = percentile50(await timeRuns(runs, 200, create));
      const updated = percentile50(await timeRuns(runs, 200, update));
      console.log(`history-cost ${label}: create p50 ${ms(created)}, update p50 ${ms(updated)}`);
    };
    await figures('with history   ');
    const add = RevisionLog.prototype.add;
    RevisionLog.prototype.add = () => undefined;
    await figures('without history');
    RevisionLog.prototype.add = add;
    await figures('with history   ');
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await runHistoryCost();
}
