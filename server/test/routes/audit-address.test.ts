import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { SHARED_STATE } from '../../src/db/table-names';
import { auditOf } from '../helpers/audit-entries';
import { ADMIN_PASSWORD, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** The client a proxy saw; app.inject's own socket address is 127.0.0.1. */
const CLIENT = '203.0.113.7';
const SOCKET = '127.0.0.1';

/** `TRUST_PROXY` as an operator writes it, read by the server's own configuration loader. */
const trustProxyOf = (text: string) =>
  loadConfig({ TRUST_PROXY: text }, '/srv/app', () => undefined).trustProxy;

/** Signs the administrator in through a proxy that forwards `forwardedFor`. */
const signInThrough = (app: App, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'superadmin', password: ADMIN_PASSWORD },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describeEachDatabase('audit log: the client address and TRUST_PROXY ($name)', (db) => {
  const apps = useTestApps(db);

  /** The address the sign-in entry records under the setting `trustProxy` (TRUST_PROXY's text). */
  const recordedAddress = async (trustProxy: string, forwardedFor = CLIENT) => {
    const app = await apps.build({}, apps.config({ trustProxy: trustProxyOf(trustProxy) }));
    const knex = app.dataSources.primary.knex;
    await knex(SHARED_STATE.audit).delete();
    const response = await signInThrough(app, forwardedFor);
    expect(response.statusCode, response.body).toBe(200);
    const entries = await auditOf(knex, 'signIn');
    expect(entries).toHaveLength(1);
    return entries[0]?.address;
  };

  it('records the socket address, not X-Forwarded-For, when no proxy is trusted', async () => {
    expect(await recordedAddress('')).toBe(SOCKET);
    expect(await recordedAddress('false')).toBe(SOCKET);
  });

  it('records the forwarded client address when every proxy is trusted', async () => {
    expect(await recordedAddress('true')).toBe(CLIENT);
  });

  it('with a hop count, records the address that many hops back', async () => {
    // One trusted hop: the proxy in front of the server saw the client as the last address.
    expect(await recordedAddress('1', `198.51.100.9, ${CLIENT}`)).toBe(CLIENT);
    // Two hops: one address further back.
    expect(await recordedAddress('2', `198.51.100.9, ${CLIENT}`)).toBe('198.51.100.9');
  });

  it('with an address list, trusts only a proxy on it', async () => {
    expect(await recordedAddress('127.0.0.1')).toBe(CLIENT);
    expect(await recordedAddress('loopback')).toBe(CLIENT);
    // The socket is not on the list: the header is anyone's to write, so it is ignored.
    expect(await recordedAddress('10.0.0.0/8')).toBe(SOCKET);
  });
});
