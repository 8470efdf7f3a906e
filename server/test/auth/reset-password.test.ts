import { expect, it } from 'vitest';
import { resetPassword, UnknownUserError } from '../../src/auth/reset-password';
import { SYSTEM } from '../../src/db/table-names';
import { auditOf } from '../helpers/audit-entries';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describeEachDatabase('resetting a password from the command line ($name)', (db) => {
  const apps = useTestApps(db);

  it('sets the password, enables the account and ends its sessions', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const { cookie } = await login(app);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(
      200,
    );
    await knex(SYSTEM.user).where('username', 'superadmin').update({ enabled: false });

    await resetPassword(knex, 'superadmin', 'New-pass-after-reset');

    expect((await login(app)).response.statusCode).toBe(401);
    expect((await login(app, 'superadmin', 'New-pass-after-reset')).response.statusCode).toBe(200);
    const stale = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(stale.statusCode).toBe(401);
    // The audit log says so, without a user or a request.
    const [reset] = await auditOf(knex, 'passwordReset');
    expect(reset).toMatchObject({
      user: { id: null, name: null },
      requestId: null,
      detail: { username: 'superadmin', via: 'command line' },
    });
  });

  it('refuses an unknown user and changes nothing', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    const before = await knex(SYSTEM.user).select('username', 'password').orderBy('id');
    await expect(resetPassword(knex, 'nobody', 'whatever-1')).rejects.toBeInstanceOf(UnknownUserError);
    expect(await knex(SYSTEM.user).select('username', 'password').orderBy('id')).toEqual(before);
  });
});
