import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type ReadTextFile } from '../src/config';

const noFile: ReadTextFile = () => undefined;
const sources = (entry: object) => ({ DATA_SOURCES: JSON.stringify([entry]) });
const pg = { name: 'primary', client: 'pg', connection: 'postgres://u:p@db1:5432/shop' };
const mysql = { name: 'primary', client: 'mysql', connection: 'mysql://u:p@db1:3306/shop' };

describe('data source replicas and REPLICA_MAX_LAG_MS', () => {
  it('takes PostgreSQL replica URLs and the lag bound (default 5 s)', () => {
    const config = loadConfig(sources({ ...pg, replicas: ['postgres://u:p@db2:5432/shop'] }), '/srv', noFile);
    expect(config.dataSources[0]?.replicas).toEqual(['postgres://u:p@db2:5432/shop']);
    expect(config.queries.replicaMaxLagMs).toBe(5000);
    expect(loadConfig({ REPLICA_MAX_LAG_MS: '250' }, '/srv', noFile).queries.replicaMaxLagMs).toBe(250);
    expect(loadConfig(sources(pg), '/srv', noFile).dataSources[0]).not.toHaveProperty('replicas');
  });

  it('takes MySQL/MariaDB replica URLs, validated as the main connection is', () => {
    const entry = { ...mysql, replicas: ['mysql://u:p@db2:3306/shop', 'mariadb://u:p@db3/shop'] };
    const config = loadConfig(sources(entry), '/srv', noFile);
    expect(config.dataSources[0]?.replicas).toEqual(['mysql://u:p@db2:3306/shop', 'mariadb://u:p@db3/shop']);
    expect(loadConfig(sources({ ...mysql, replicas: [] }), '/srv', noFile).dataSources[0]).not.toHaveProperty(
      'replicas',
    );
  });

  it.each([
    [{ ...pg, replicas: 'postgres://u:p@db2/shop' }, /array of postgres/],
    [{ ...pg, replicas: [''] }, /array of postgres/],
    [{ ...pg, replicas: ['mysql://u:p@db2/shop'] }, /replicas\[0\]/],
    [{ ...mysql, replicas: 'mysql://u:p@db2/shop' }, /array of mysql:\/\/ URLs/],
    [
      { ...mysql, replicas: ['postgres://u:p@db2/shop'] },
      /replicas\[0\]: a mysql connection URL starts with/,
    ],
    [{ ...mysql, replicas: ['mysql://u:p@db2'] }, /replicas\[0\]: the connection URL must name a database/],
    [{ name: 'primary', client: 'sqlite', connection: 'x.sqlite', replicas: [] }, /a SQLite file has none/],
  ])('refuses %j', (entry, message) => {
    expect(() => loadConfig(sources(entry), '/srv', noFile)).toThrow(ConfigError);
    expect(() => loadConfig(sources(entry), '/srv', noFile)).toThrow(message);
  });

  it('refuses a lag bound that is not a whole number of ms', () => {
    expect(() => loadConfig({ REPLICA_MAX_LAG_MS: 'soon' }, '/srv', noFile)).toThrow(/REPLICA_MAX_LAG_MS/);
  });
});
