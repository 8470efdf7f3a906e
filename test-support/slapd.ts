import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Attribute, Change, Client } from 'ldapts';
import { freeListeningPort } from './processes';

/**
 * A throwaway OpenLDAP server for the directory sign-in tests: `slapd` (Debian package `slapd`)
 * started as a child process on a generated slapd.conf and an mdb database in a temp dir, on
 * 127.0.0.1 at random ports, seeded with people, groups and a service account. Tests skip with
 * "slapd is not installed" only when the binary is missing (`report-skipped-slapd.ts` says so at
 * the end of the run); CI installs it.
 */
export const SLAPD_BINARY = '/usr/sbin/slapd';
export const slapdInstalled = existsSync(SLAPD_BINARY);
/** Appended to the titles of suites that need slapd, so that a skipped run says why. */
export const slapdSkipNote = slapdInstalled ? '' : ' (skipped: slapd is not installed)';
const MODULE_PATH = '/usr/lib/ldap';
const SCHEMA_DIR = '/etc/ldap/schema';

export const SUFFIX = 'dc=example,dc=com';
export const ADMIN_DN = `cn=admin,${SUFFIX}`;
export const ADMIN_PASSWORD = 'admin secret';
export const SERVICE_DN = `cn=crudboard,ou=services,${SUFFIX}`;
export const SERVICE_PASSWORD = 'service secret';
export const PEOPLE_DN = `ou=people,${SUFFIX}`;
export const GROUPS_DN = `ou=groups,${SUFFIX}`;
export const SALES_DN = `cn=sales,${GROUPS_DN}`;
export const SUPPORT_DN = `cn=support,${GROUPS_DN}`;

export interface SeedUser {
  uid: string;
  password: string;
  cn: string;
  mail?: string;
}

export const USERS = {
  alice: { uid: 'alice', password: 'alice password', cn: 'Alice Archer', mail: 'alice@example.com' },
  bob: { uid: 'bob', password: 'bob password', cn: 'Bob Baker', mail: 'bob@example.com' },
  carol: { uid: 'carol', password: 'carol password', cn: 'Carol Cole' },
  star: { uid: 'star*user', password: 'star password', cn: 'Star User', mail: 'star@example.com' },
} satisfies Record<string, SeedUser>;

export const userDn = (uid: string) => `uid=${uid.replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)},${PEOPLE_DN}`;

export interface SlapdOptions {
  /** Load the memberof overlay (when the module is installed), so that people carry memberOf. */
  memberOf?: boolean;
  /** Also listen on ldaps:// with a self-signed certificate made by openssl. */
  tls?: boolean;
}

export interface Slapd {
  url: string;
  /** ldaps:// address, when started with `tls`. */
  ldapsUrl: string | null;
  /** The PEM certificate that signs the server's (its own, self-signed), when started with `tls`. */
  caFile: string | null;
  /** Whether people carry memberOf (the overlay was asked for and is installed). */
  memberOf: boolean;
  /** Everything slapd logged so far (loglevel stats: one line per connection, bind, search). */
  log(): string;
  /** A client bound as the directory's root, for changing entries; unbind it after use. */
  admin(): Promise<Client>;
  /** Replaces the members (DNs) of a group, as the directory's root. */
  setMembers(group: string, members: string[]): Promise<void>;
  /** Stops slapd (the port then refuses connections); the temp dir stays until `remove`. */
  stop(): Promise<void>;
  /** Stops slapd if running and deletes its temp dir. */
  remove(): Promise<void>;
}

const slapdConf = (dir: string, memberOf: boolean, tls: boolean) =>
  [
    ...['core', 'cosine', 'inetorgperson', 'nis'].map((name) => `include ${SCHEMA_DIR}/${name}.schema`),
    `pidfile ${dir}/slapd.pid`,
    `argsfile ${dir}/slapd.args`,
    `modulepath ${MODULE_PATH}`,
    'moduleload back_mdb',
    ...(memberOf ? ['moduleload memberof'] : []),
    ...(tls ? [`TLSCertificateFile ${dir}/cert.pem`, `TLSCertificateKeyFile ${dir}/key.pem`] : []),
    'database mdb',
    'maxsize 16777216',
    `suffix "${SUFFIX}"`,
    `rootdn "${ADMIN_DN}"`,
    `rootpw "${ADMIN_PASSWORD}"`,
    `directory ${dir}/db`,
    ...(memberOf
      ? [
          'overlay memberof',
          'memberof-group-oc groupOfNames',
          'memberof-member-ad member',
          'memberof-memberof-ad memberOf',
          'memberof-refint TRUE',
        ]
      : []),
    // Passwords are only ever compared by a bind; entries are readable by the service account and
    // their own person only (an anonymous search finds nothing).
    'access to attrs=userPassword by anonymous auth by self write by * none',
    `access to * by dn.exact="${SERVICE_DN}" read by self read by * none`,
    '',
  ].join('\n');

const waitForReady = async (url: string, process: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (process.exitCode !== null || process.signalCode !== null) {
      throw new Error(`slapd exited while starting (code ${process.exitCode}):\n${output()}`);
    }
    const client = new Client({ url, connectTimeout: 1000, timeout: 1000 });
    try {
      await client.bind(ADMIN_DN, ADMIN_PASSWORD);
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`slapd did not answer on ${url}: ${String(error)}\n${output()}`);
    } finally {
      await client.unbind().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const seed = async (client: Client) => {
  await client.add(SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'example', o: 'Example' });
  for (const ou of ['people', 'groups', 'services']) {
    await client.add(`ou=${ou},${SUFFIX}`, { objectClass: 'organizationalUnit', ou });
  }
  await client.add(SERVICE_DN, {
    objectClass: ['organizationalRole', 'simpleSecurityObject'],
    cn: 'crudboard',
    userPassword: SERVICE_PASSWORD,
  });
  for (const user of Object.values(USERS) as SeedUser[]) {
    await client.add(userDn(user.uid), {
      objectClass: ['inetOrgPerson', 'posixAccount'],
      uid: user.uid,
      cn: user.cn,
      sn: user.cn.split(' ').at(-1) ?? user.cn,
      userPassword: user.password,
      uidNumber: String(1000 + Object.keys(USERS).indexOf(user.uid)),
      gidNumber: '1000',
      homeDirectory: `/home/${user.uid}`,
      ...(user.mail ? { mail: user.mail } : {}),
    });
  }
  await client.add(SALES_DN, { objectClass: 'groupOfNames', cn: 'sales', member: userDn(USERS.alice.uid) });
  await client.add(SUPPORT_DN, { objectClass: 'groupOfNames', cn: 'support', member: userDn(USERS.bob.uid) });
};

const running = new Set<ChildProcess>();
const tempDirs = new Set<string>();
let exitHookInstalled = false;

interface Launched {
  url: string;
  ldapsUrl: string | null;
  output(): string;
  stop(): Promise<void>;
}

/** Starts slapd on free ports and waits until it answers. */
const launch = async (dir: string, tls: boolean): Promise<Launched> => {
  const port = await freeListeningPort();
  const tlsPort = tls ? await freeListeningPort() : null;
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = tlsPort === null ? null : `ldaps://127.0.0.1:${tlsPort}`;
  const listen = [url, ...(ldapsUrl ? [ldapsUrl] : [])].map((address) => `${address}/`).join(' ');
  // -d stats keeps slapd in the foreground, logging each connection, bind and search to stderr.
  const child = spawn(SLAPD_BINARY, ['-f', join(dir, 'slapd.conf'), '-h', listen, '-d', 'stats'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  try {
    await waitForReady(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, ldapsUrl, output: () => output, stop };
};

export const startSlapd = async (options: SlapdOptions = {}): Promise<Slapd> => {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A test run cut short still leaves no slapd running and no temp dir behind.
    process.on('exit', () => {
      for (const child of running) child.kill('SIGKILL');
      for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    });
  }
  const memberOf = (options.memberOf ?? true) && existsSync(join(MODULE_PATH, 'memberof.la'));
  const tls = options.tls ?? false;
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-slapd-'));
  tempDirs.add(dir);
  const remove = async (server?: Launched) => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  };
  let server: Launched | undefined;
  try {
    mkdirSync(join(dir, 'db'));
    if (tls) {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1,DNS:localhost',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
    }
    writeFileSync(join(dir, 'slapd.conf'), slapdConf(dir, memberOf, tls));
    // A free port can be taken by another process before slapd binds it: then try new ones.
    for (let attempt = 1; server === undefined; attempt++) {
      try {
        server = await launch(dir, tls);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    const { url } = server;
    const admin = async () => {
      const client = new Client({ url, connectTimeout: 5000, timeout: 5000 });
      await client.bind(ADMIN_DN, ADMIN_PASSWORD);
      return client;
    };
    const client = await admin();
    try {
      await seed(client);
    } finally {
      await client.unbind();
    }
    const launched = server;
    return {
      url,
      ldapsUrl: launched.ldapsUrl,
      caFile: tls ? join(dir, 'cert.pem') : null,
      memberOf,
      log: launched.output,
      admin,
      setMembers: async (group, members) => {
        const root = await admin();
        try {
          await root.modify(
            group,
            new Change({
              operation: 'replace',
              modification: new Attribute({ type: 'member', values: members }),
            }),
          );
        } finally {
          await root.unbind();
        }
      },
      stop: launched.stop,
      remove: () => remove(launched),
    };
  } catch (error) {
    await remove(server);
    throw error;
  }
};
