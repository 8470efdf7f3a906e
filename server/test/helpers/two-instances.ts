import type { App, BuildOptions } from '../../src/app';
import type { AppConfig, DataSourceConfig } from '../../src/config';
import { bumpWriteVersion, writeVersion } from '../../src/db/write-versions';
import type { TestApps } from './test-app';

/**
 * The same database reached through a connection string that differs in a harmless parameter, so
 * that an app built on it shares no in-process state keyed by connection (the write versions) with
 * an app on the original: two apps in one test process then behave as two servers.
 */
const elsewhere = (source: DataSourceConfig): DataSourceConfig => {
  if (source.client === 'sqlite') throw new Error('two servers on one SQLite file are not supported');
  const url = new URL(source.connection);
  if (source.client === 'pg') url.searchParams.set('application_name', 'crudboard-b');
  else url.searchParams.set('connectTimeout', '10001');
  return { ...source, connection: url.toString() };
};

/** Builds two apps on the file's database that stand for two servers behind one load balancer. */
export const buildTwoInstances = async (
  apps: TestApps,
  overrides: Partial<Omit<AppConfig, 'dataSources'>> = {},
  options: BuildOptions = {},
): Promise<{ a: App; b: App }> => {
  const config = apps.config(overrides);
  const a = await apps.build(options, config);
  const b = await apps.build(options, { ...config, dataSources: config.dataSources.map(elsewhere) });
  // The premise of every test using these: nothing in memory tells B what A did.
  const before = writeVersion(b.dataSources.primary.knex, 'principal');
  bumpWriteVersion(a.dataSources.primary.knex);
  if (writeVersion(b.dataSources.primary.knex, 'principal') !== before) {
    throw new Error('the two apps share in-process write versions: they do not stand for two servers');
  }
  return { a, b };
};

/** Calls `probe` every 25 ms until `done` holds; the milliseconds that took (fails after `limitMs`). */
export const timeUntil = async <T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  limitMs = 3000,
): Promise<{ ms: number; last: T }> => {
  const start = Date.now();
  for (;;) {
    const last = await probe();
    const ms = Date.now() - start;
    if (done(last) || ms > limitMs) return { ms, last };
    await new Promise((wait) => setTimeout(wait, 25));
  }
};
