import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateWithDirectory, type LdapDirectoryOptions } from '../../src/auth/external/ldap-directory';
import {
  SALES_DN,
  SERVICE_DN,
  SERVICE_PASSWORD,
  SUFFIX,
  SUPPORT_DN,
  USERS,
  slapdInstalled,
  slapdSkipNote,
  startSlapd,
  userDn,
  type Slapd,
} from '../../../test-support/slapd';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

const optionsFor = (url: string, overrides: Partial<LdapDirectoryOptions> = {}): LdapDirectoryOptions => ({
  url,
  bindDN: SERVICE_DN,
  bindPassword: SERVICE_PASSWORD,
  searchBase: SUFFIX,
  searchFilter: '(&(objectClass=inetOrgPerson)(uid={{username}}))',
  groupsAttribute: 'memberOf',
  usernameAttribute: 'uid',
  emailAttribute: 'mail',
  nameAttribute: 'cn',
  startTls: false,
  tlsCaFile: null,
  timeoutMs: 3000,
  ...overrides,
});

/** The simple binds slapd logged for one DN. */
const bindsOf = (slapd: Slapd, dn: string) =>
  slapd
    .log()
    .split('\n')
    .filter((line) => line.includes(`BIND dn="${dn}" method=128`)).length;

describe.skipIf(!slapdInstalled)(`directory sign-in (OpenLDAP)${slapdSkipNote}`, () => {
  for (const memberOf of [true, false]) {
    describe(memberOf ? 'with the memberof overlay' : 'without memberOf (groups searched)', () => {
      let slapd: Slapd;
      let options: LdapDirectoryOptions;
      beforeAll(async () => {
        slapd = await startSlapd({ memberOf });
        options = optionsFor(slapd.url);
      });
      afterAll(async () => {
        await slapd?.remove();
      });

      it('signs alice in with her entry, email, name and groups', async () => {
        if (memberOf) expect(slapd.memberOf).toBe(true);
        const groupSearches = () =>
          slapd
            .log()
            .split('\n')
            .filter((line) => line.includes('(uniqueMember=')).length;
        const searchesBefore = groupSearches();
        const result = await authenticateWithDirectory(options, 'alice', USERS.alice.password);
        // With memberOf the groups come from her entry; without, from one search of the groups.
        expect(groupSearches() - searchesBefore).toBe(memberOf ? 0 : 1);
        expect(result).toMatchObject({
          ok: true,
          identity: {
            username: 'alice',
            email: 'alice@example.com',
            emailVerified: true,
            displayName: 'Alice Archer',
            groups: [SALES_DN],
          },
        });
        if (!result.ok) throw new Error('not signed in');
        // entryUUID, which stays the same when the entry is renamed.
        expect(result.identity.subject).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        );
        const again = await authenticateWithDirectory(options, 'alice', USERS.alice.password);
        expect(again.ok && again.identity.subject).toBe(result.identity.subject);
      });

      it('signs bob in with support only, and carol (no email, no group) with none', async () => {
        const bob = await authenticateWithDirectory(options, 'bob', USERS.bob.password);
        expect(bob.ok && bob.identity.groups).toEqual([SUPPORT_DN]);
        const carol = await authenticateWithDirectory(options, 'carol', USERS.carol.password);
        expect(carol).toMatchObject({
          ok: true,
          identity: { username: 'carol', groups: [], emailVerified: false },
        });
        expect(carol.ok && 'email' in carol.identity).toBe(false);
      });

      it('refuses a wrong password, and one user’s password for another', async () => {
        expect(await authenticateWithDirectory(options, 'alice', 'wrong')).toEqual({
          ok: false,
          reason: 'credentials',
        });
        expect(await authenticateWithDirectory(options, 'alice', USERS.bob.password)).toEqual({
          ok: false,
          reason: 'credentials',
        });
      });

      it('answers not_found for an unknown user', async () => {
        expect(await authenticateWithDirectory(options, 'mallory', 'whatever')).toEqual({
          ok: false,
          reason: 'not_found',
        });
      });

      it('refuses an empty password without binding as the user', async () => {
        const before = bindsOf(slapd, userDn('alice'));
        expect(await authenticateWithDirectory(options, 'alice', '')).toEqual({
          ok: false,
          reason: 'credentials',
        });
        // The same request with a password does bind, so the count below could have grown.
        await authenticateWithDirectory(options, 'carol', 'wrong');
        expect(bindsOf(slapd, userDn('carol'))).toBeGreaterThan(0);
        expect(bindsOf(slapd, userDn('alice'))).toBe(before);
      });

      it('refuses user names with control characters or longer than 200 characters', async () => {
        for (const name of ['alice\u0000', 'alice\n', '\u0007alice', 'a'.repeat(201), '']) {
          expect(await authenticateWithDirectory(options, name, USERS.alice.password)).toEqual({
            ok: false,
            reason: 'invalid_username',
          });
        }
      });

      it('removing alice from sales takes the group off her next sign-in', async () => {
        await slapd.setMembers(SALES_DN, [userDn('bob')]);
        try {
          const result = await authenticateWithDirectory(options, 'alice', USERS.alice.password);
          expect(result.ok && result.identity.groups).toEqual([]);
          const bob = await authenticateWithDirectory(options, 'bob', USERS.bob.password);
          expect(bob.ok && [...bob.identity.groups].sort()).toEqual([SALES_DN, SUPPORT_DN].sort());
        } finally {
          await slapd.setMembers(SALES_DN, [userDn('alice')]);
        }
        const back = await authenticateWithDirectory(options, 'alice', USERS.alice.password);
        expect(back.ok && back.identity.groups).toEqual([SALES_DN]);
      });
    });
  }

  describe('LDAP injection in the user name', () => {
    let slapd: Slapd;
    let options: LdapDirectoryOptions;
    beforeAll(async () => {
      slapd = await startSlapd();
      options = optionsFor(slapd.url);
    });
    afterAll(async () => {
      await slapd?.remove();
    });

    it('a wildcard never matches someone else: ali* with alice’s password is not alice', async () => {
      for (const name of ['ali*', '*lice', 'a*e', '*']) {
        const result = await authenticateWithDirectory(options, name, USERS.alice.password);
        expect(result.ok, name).toBe(false);
        expect(['not_found', 'invalid_username'], name).toContain(!result.ok && result.reason);
      }
    });

    it('filter syntax in the name is taken literally', async () => {
      for (const name of [
        '*)(uid=*',
        'alice)(|(uid=*',
        'alice)(uid=*))(|(uid=*',
        '*)(objectClass=*',
        'alice\\2a',
      ]) {
        const result = await authenticateWithDirectory(options, name, USERS.alice.password);
        expect(result.ok, name).toBe(false);
        expect(['not_found', 'invalid_username'], name).toContain(!result.ok && result.reason);
      }
    });

    it('a user whose name holds * signs in with exactly that name, and star* is not them', async () => {
      const result = await authenticateWithDirectory(options, 'star*user', USERS.star.password);
      expect(result).toMatchObject({ ok: true, identity: { username: 'star*user', groups: [] } });
      expect(await authenticateWithDirectory(options, 'star*', USERS.star.password)).toEqual({
        ok: false,
        reason: 'not_found',
      });
    });

    it('a filter matching several people is ambiguous, never the first of them', async () => {
      const loose = optionsFor(slapd.url, {
        searchFilter: '(|(uid={{username}})(objectClass=inetOrgPerson))',
      });
      expect(await authenticateWithDirectory(loose, 'alice', USERS.alice.password)).toEqual({
        ok: false,
        reason: 'ambiguous',
      });
    });
  });

  describe('a directory that cannot be used', () => {
    let slapd: Slapd;
    let proxy: TcpProxy | undefined;
    beforeAll(async () => {
      slapd = await startSlapd();
    });
    afterAll(async () => {
      proxy?.resume();
      await proxy?.cut();
      await slapd?.remove();
    });

    it('a wrong service account password is unavailable, not a user’s failure', async () => {
      const result = await authenticateWithDirectory(
        optionsFor(slapd.url, { bindPassword: 'wrong' }),
        'alice',
        USERS.alice.password,
      );
      expect(result).toMatchObject({ ok: false, reason: 'unavailable' });
    });

    it('an address that is not an LDAP address is unavailable', async () => {
      for (const url of ['http://127.0.0.1:389', 'not an address', '']) {
        const result = await authenticateWithDirectory(optionsFor(url), 'alice', USERS.alice.password);
        expect(result, url).toMatchObject({ ok: false, reason: 'unavailable' });
      }
    });

    it('closes every connection it opened, whatever the outcome', async () => {
      const outcomes = await Promise.all([
        authenticateWithDirectory(optionsFor(slapd.url), 'alice', USERS.alice.password),
        authenticateWithDirectory(optionsFor(slapd.url), 'alice', 'wrong'),
        authenticateWithDirectory(optionsFor(slapd.url), 'mallory', 'x'),
        authenticateWithDirectory(
          optionsFor(slapd.url, { searchFilter: '(|(uid={{username}})(objectClass=inetOrgPerson))' }),
          'alice',
          'x',
        ),
        authenticateWithDirectory(optionsFor(slapd.url, { bindPassword: 'wrong' }), 'alice', 'x'),
        authenticateWithDirectory(
          optionsFor(slapd.url, { searchBase: `ou=nowhere,${SUFFIX}` }),
          'alice',
          'x',
        ),
      ]);
      expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.reason))).toEqual([
        'ok',
        'credentials',
        'not_found',
        'ambiguous',
        'unavailable',
        'unavailable',
      ]);
      const connections = (event: string) =>
        new Set(
          [...slapd.log().matchAll(new RegExp(`conn=(\\d+) fd=\\d+ ${event}`, 'g'))].map((match) => match[1]),
        );
      expect(connections('ACCEPT').size).toBeGreaterThanOrEqual(6);
      await expect
        .poll(() => [...connections('ACCEPT')].filter((id) => !connections('closed').has(id)), {
          timeout: 5000,
        })
        .toEqual([]);
    });

    it('a search base that does not exist is unavailable', async () => {
      const result = await authenticateWithDirectory(
        optionsFor(slapd.url, { searchBase: `ou=nowhere,${SUFFIX}` }),
        'alice',
        USERS.alice.password,
      );
      expect(result).toMatchObject({ ok: false, reason: 'unavailable' });
    });

    it('a server that hangs is unavailable once the timeout has passed', async () => {
      const port = Number(new URL(slapd.url).port);
      proxy = await startTcpProxy('127.0.0.1', port);
      const options = optionsFor(`ldap://127.0.0.1:${proxy.port}`, { timeoutMs: 1500 });
      expect((await authenticateWithDirectory(options, 'alice', USERS.alice.password)).ok).toBe(true);
      proxy.stall();
      const started = Date.now();
      const result = await authenticateWithDirectory(options, 'alice', USERS.alice.password);
      expect(result).toMatchObject({ ok: false, reason: 'unavailable' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('a stopped server is unavailable at once', async () => {
      const options = optionsFor(slapd.url);
      expect((await authenticateWithDirectory(options, 'alice', USERS.alice.password)).ok).toBe(true);
      await slapd.stop();
      const started = Date.now();
      const result = await authenticateWithDirectory(options, 'alice', USERS.alice.password);
      expect(result).toMatchObject({ ok: false, reason: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });
});

describe.skipIf(!slapdInstalled)(`directory sign-in over TLS (OpenLDAP)${slapdSkipNote}`, () => {
  let slapd: Slapd;
  beforeAll(async () => {
    slapd = await startSlapd({ tls: true });
  });
  afterAll(async () => {
    await slapd?.remove();
  });

  it('ldaps:// with the CA file signs alice in; without it the certificate is refused', async () => {
    const url = slapd.ldapsUrl ?? '';
    const trusted = await authenticateWithDirectory(
      optionsFor(url, { tlsCaFile: slapd.caFile }),
      'alice',
      USERS.alice.password,
    );
    expect(trusted.ok && trusted.identity.groups).toEqual([SALES_DN]);
    const untrusted = await authenticateWithDirectory(optionsFor(url), 'alice', USERS.alice.password);
    expect(untrusted).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('StartTLS on ldap:// with the CA file signs alice in; without it the certificate is refused', async () => {
    const trusted = await authenticateWithDirectory(
      optionsFor(slapd.url, { startTls: true, tlsCaFile: slapd.caFile }),
      'alice',
      USERS.alice.password,
    );
    expect(trusted.ok).toBe(true);
    expect(slapd.log()).toMatch(/EXT oid=1\.3\.6\.1\.4\.1\.1466\.20037/);
    const untrusted = await authenticateWithDirectory(
      optionsFor(slapd.url, { startTls: true }),
      'alice',
      USERS.alice.password,
    );
    expect(untrusted).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('a CA file that cannot be read is unavailable', async () => {
    const result = await authenticateWithDirectory(
      optionsFor(slapd.ldapsUrl ?? '', { tlsCaFile: `${slapd.caFile}.missing` }),
      'alice',
      USERS.alice.password,
    );
    expect(result).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});
