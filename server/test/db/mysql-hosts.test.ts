import { describe, expect, it } from 'vitest';
import { NoHostError } from '../../src/db/host-finder';
import {
  chooseMysqlHost,
  listsSeveralMysqlHosts,
  mysqlConnectionHost,
  mysqlHostFinder,
  mysqlHostState,
  parseMysqlHosts,
  type MysqlHostState,
} from '../../src/db/mysql-hosts';

const ready: MysqlHostState = { readOnly: false, ready: true };

describe('MySQL / MariaDB URLs of several servers', () => {
  it('takes apart a Galera cluster URL', () => {
    const url = parseMysqlHosts('mysql://u:p@n1:3306,n2:3307,n3/shop?ssl=true');
    expect(url.hosts).toEqual([
      { host: 'n1', port: 3306 },
      { host: 'n2', port: 3307 },
      { host: 'n3', port: 3306 },
    ]);
    expect(url.urlFor({ host: 'n2', port: 3307 })).toBe('mysql://u:p@n2:3307/shop?ssl=true');
    expect(listsSeveralMysqlHosts('mysql://u:p@n1,n2/shop')).toBe(true);
    expect(listsSeveralMysqlHosts('mysql://u:p@n1/shop')).toBe(false);
    expect(listsSeveralMysqlHosts('not a url')).toBe(false);
  });

  it('reads a Galera node as ready only when synced in the primary component; a plain server always', () => {
    const status = (readyValue: string, comment: string) => [
      { name: 'wsrep_ready', value: readyValue },
      { name: 'wsrep_local_state_comment', value: comment },
    ];
    expect(mysqlHostState(0, status('ON', 'Synced'))).toEqual(ready);
    expect(mysqlHostState(0, status('OFF', 'Initialized')).ready).toBe(false);
    expect(mysqlHostState(0, status('ON', 'Joining')).ready).toBe(false);
    expect(mysqlHostState('1', [])).toEqual({ readOnly: true, ready: true });
  });

  it('keeps the first writable, ready server in list order', () => {
    const hosts = parseMysqlHosts('mysql://u@a,b,c/db').hosts;
    expect(chooseMysqlHost(hosts, [undefined, { readOnly: true, ready: true }, ready])).toEqual(hosts[2]);
    expect(chooseMysqlHost(hosts, [{ readOnly: false, ready: false }, ready, ready])).toEqual(hosts[1]);
    expect(chooseMysqlHost(hosts, [undefined, undefined, undefined])).toBeUndefined();
  });

  it('follows a node that died to the next one, and drops connections to the old one', async () => {
    const states = new Map<string, MysqlHostState | 'down'>([
      ['a', ready],
      ['b', ready],
    ]);
    const probe = (settings: { host?: string }) => {
      const state = states.get(String(settings.host));
      if (state === undefined) throw new Error(`unexpected probe of ${String(settings.host)}`);
      return state === 'down' ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve(state);
    };
    const finder = mysqlHostFinder(
      parseMysqlHosts('mysql://u@a:3306,b:3306/db'),
      (url) => ({ host: new URL(url).hostname, port: 3306 }),
      probe,
    );
    expect((await finder.provide()).host).toBe('a');
    expect(finder.keeps(mysqlConnectionHost({ config: { host: 'a', port: 3306 } }))).toBe(true);
    states.set('a', 'down');
    finder.lost();
    expect((await finder.provide()).host).toBe('b');
    expect(finder.keeps(mysqlConnectionHost({ config: { host: 'a', port: 3306 } }))).toBe(false);
    states.set('b', 'down');
    await expect(finder.provide()).rejects.toBeInstanceOf(NoHostError);
  });
});
