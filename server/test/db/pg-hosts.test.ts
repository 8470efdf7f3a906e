import { describe, expect, it } from 'vitest';
import { chooseHost, hostQualifies, parsePgHosts, PgUrlError } from '../../src/db/pg-hosts';

const primary = { inRecovery: false, readOnly: false };
const standby = { inRecovery: true, readOnly: true };

describe('parsePgHosts', () => {
  it('takes apart a URL of several servers and defaults the target to read-write', () => {
    const url = parsePgHosts('postgres://u:p%40ss@h1:5432,h2:5433,[::1]/shop?sslmode=disable');
    expect(url.hosts).toEqual([
      { host: 'h1', port: 5432 },
      { host: 'h2', port: 5433 },
      { host: '::1', port: 5432 },
    ]);
    expect(url.target).toBe('read-write');
    expect(url.urlFor({ host: 'h2', port: 5433 })).toBe('postgres://u:p%40ss@h2:5433/shop?sslmode=disable');
    expect(url.urlFor({ host: '::1', port: 5432 })).toBe(
      'postgres://u:p%40ss@[::1]:5432/shop?sslmode=disable',
    );
  });

  it('keeps a URL of one server as libpq does: target any unless named', () => {
    const url = parsePgHosts('postgresql://me@db.example/app');
    expect(url.hosts).toEqual([{ host: 'db.example', port: 5432 }]);
    expect(url.target).toBe('any');
    expect(url.urlFor({ host: 'db.example', port: 5432 })).toBe('postgresql://me@db.example:5432/app');
  });

  it('reads target_session_attrs and leaves it out of the URL node-postgres gets', () => {
    const url = parsePgHosts('postgres://h1,h2/db?target_session_attrs=prefer-standby&application_name=x');
    expect(url.target).toBe('prefer-standby');
    expect(url.urlFor({ host: 'h1', port: 5432 })).toBe('postgres://h1:5432/db?application_name=x');
  });

  it.each([
    ['mysql://h/db', /must start with postgres/],
    ['postgres://h1,,h2/db', /empty/],
    ['postgres://h1:99999/db', /1–65535/],
    ['postgres://h1:port/db', /not a host/],
    ['postgres://h1,h2/db?target_session_attrs=writable', /must be one of/],
  ])('refuses %s', (text, message) => {
    expect(() => parsePgHosts(text)).toThrow(PgUrlError);
    expect(() => parsePgHosts(text)).toThrow(message);
  });
});

describe('hostQualifies and chooseHost', () => {
  it('follows libpq: read-write and primary keep the primary, read-only and standby the standby', () => {
    expect(hostQualifies('read-write', primary)).toBe(true);
    expect(hostQualifies('read-write', standby)).toBe(false);
    expect(hostQualifies('primary', standby)).toBe(false);
    expect(hostQualifies('read-only', standby)).toBe(true);
    expect(hostQualifies('standby', primary)).toBe(false);
    expect(hostQualifies('any', standby)).toBe(true);
  });

  const hosts = [
    { host: 'a', port: 1 },
    { host: 'b', port: 2 },
    { host: 'c', port: 3 },
  ];

  it('keeps the first qualifying server in list order, skipping those that did not answer', () => {
    expect(chooseHost(hosts, [standby, primary, primary], 'read-write')).toEqual(hosts[1]);
    expect(chooseHost(hosts, [undefined, undefined, primary], 'read-write')).toEqual(hosts[2]);
    expect(chooseHost(hosts, [standby, undefined, standby], 'read-write')).toBeUndefined();
    expect(chooseHost(hosts, [undefined, undefined, undefined], 'any')).toBeUndefined();
  });

  it('prefers a standby for prefer-standby, else any server', () => {
    expect(chooseHost(hosts, [primary, standby, primary], 'prefer-standby')).toEqual(hosts[1]);
    expect(chooseHost(hosts, [undefined, primary, primary], 'prefer-standby')).toEqual(hosts[1]);
  });
});
