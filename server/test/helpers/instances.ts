import type { App, BuildOptions } from '../../src/app';
import type { AppConfig, DataSourceConfig } from '../../src/config';
import { bumpWriteVersion, writeVersion } from '../../src/db/write-versions';
import type { TestApps } from './test-app';

/**
 * The same database reached through a connection string that differs in a harmless parameter
 * (the `n`th server's own), so that an app built on it shares no in-process state keyed by
 * connection with the others: apps in one test process then behave as separate servers.
 */
const asServer = (source: DataSourceConfig, n: number): DataSourceConfig => {
  if (source.client === 'sqlite') throw new Error('several servers on one SQLite file are not supported');
  if (n === 0) return source;
  const url = new URL(source.connection);
  if (source.client === 'pg') url.searchParams.set('application_name', `crudboard-${String(n)}`);
  else url.searchParams.set('connectTimeout', String(10_000 + n));
  return { ...source, connection: url.toString() };
};

/**
 * Builds `count` apps on the file's database that stand for that many servers behind one load
 * balancer (two-instances.ts for two, named `a` and `b`).
 */
export const buildInstances = async (
  apps: TestApps,
  count: number,
  overrides: Partial<Omit<AppConfig, 'dataSources'>> = {},
  options: BuildOptions = {},
): Promise<App[]> => {
  const config = apps.config(overrides);
  const built: App[] = [];
  for (let n = 0; n < count; n += 1)
    built.push(
      await apps.build(options, {
        ...config,
        dataSources: config.dataSources.map((source) => asServer(source, n)),
      }),
    );
  // The premise of every test using these: nothing in memory tells one what another did.
  const [first, ...others] = built;
  if (first) {
    const before = others.map((app) => writeVersion(app.dataSources.primary.knex, 'principal'));
    bumpWriteVersion(first.dataSources.primary.knex);
    if (others.some((app, i) => writeVersion(app.dataSources.primary.knex, 'principal') !== before[i]))
      throw new Error('the apps share in-process write versions: they do not stand for separate servers');
  }
  return built;
};
