import type { Knex } from 'knex';
import { dateTimeText } from '../db/clock';
import { SYSTEM } from '../db/table-names';
import { recordAuditIn } from '../services/audit/write-audit';
import { hashPassword } from './password';

export class UnknownUserError extends Error {
  constructor(readonly username: string) {
    super(`there is no user named "${username}"`);
  }
}

/**
 * Sets a user's password from outside the web app (an administrator on the server's machine),
 * enables the account and ends every session it has, in one transaction.
 */
export const resetPassword = async (knex: Knex, username: string, password: string): Promise<void> => {
  const passwordHash = await hashPassword(password);
  await knex.transaction(async (trx) => {
    const user = (await trx(SYSTEM.user).select('id').where('username', username).first()) as
      { id: number } | undefined;
    if (!user) throw new UnknownUserError(username);
    await trx(SYSTEM.user)
      .where('id', user.id)
      .update({ password: passwordHash, enabled: true, lastModifiedDate: dateTimeText(new Date()) });
    await trx(SYSTEM.session).where('userId', user.id).delete();
    // From the command line: no user, no request; logged nowhere if it cannot be written.
    await recordAuditIn(
      trx,
      undefined,
      { userId: null, userName: null, requestId: null, address: null, userAgent: null },
      { action: 'passwordReset', detail: { userId: user.id, username, via: 'command line' } },
    );
  });
};
