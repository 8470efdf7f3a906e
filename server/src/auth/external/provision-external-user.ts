import type { Knex } from 'knex';
import { SUPER_ADMIN_ROLE } from '../../../../contract/index';
import { dateTimeText } from '../../db/clock';
import { SHARED_STATE, SYSTEM } from '../../db/table-names';
import { toBool, toNumber } from '../../db/values';
import type { ExternalIdentity } from './external-identity';
import { baseUsername, usernameCandidate } from './username-for-identity';

/** The password column of a user created by single sign-on: no password ever matches it. */
export const NO_PASSWORD = '!external';

export interface ProvisionOptions {
  providerId: string;
  linkByEmail: boolean;
  /** Role codes the identity's groups map to (map-external-roles.ts); set at every sign-in. */
  roleCodes: readonly string[];
  now?: number;
  warn?: (detail: Record<string, unknown>, message: string) => void;
}

export type ProvisionResult =
  | { ok: true; userId: number; created: boolean; linked: boolean }
  | { ok: false; reason: 'disabled' | 'no_role' };

type Row = Record<string, unknown>;

const findLinkedUser = async (trx: Knex.Transaction, providerId: string, subject: string) => {
  const row: Row | undefined = await trx(SHARED_STATE.userIdentity)
    .select('userId')
    .where({ providerId, subject })
    .first();
  return row ? toNumber(row.userId) : undefined;
};

/**
 * The one user whose e-mail is this one (ignoring case); none when several have it, and never a
 * super administrator: whoever can set a verified e-mail at the provider would otherwise take
 * over that account (and sign-in would replace its roles with the mapped ones).
 */
const findUserByEmail = async (trx: Knex.Transaction, email: string) => {
  const rows: Row[] = await trx(SYSTEM.user)
    .select('id', 'email')
    .whereRaw('lower(email) = ?', [email.toLowerCase()]);
  if (rows.length !== 1) return undefined;
  const userId = toNumber(rows[0]?.id);
  const superAdmin: Row | undefined = await trx(`${SYSTEM.userRole} as ur`)
    .join(`${SYSTEM.role} as r`, 'r.id', 'ur.roleId')
    .where({ 'ur.userId': userId, 'r.code': SUPER_ADMIN_ROLE })
    .first('ur.userId');
  return superAdmin ? undefined : userId;
};

const freeUsername = async (trx: Knex.Transaction, identity: ExternalIdentity): Promise<string> => {
  const base = baseUsername(identity);
  for (let n = 0; n < 1000; n++) {
    const candidate = usernameCandidate(base, n);
    const taken: Row[] = await trx(SYSTEM.user)
      .select('username')
      .whereRaw('lower(username) = ?', [candidate.toLowerCase()]);
    if (taken.length === 0) return candidate;
  }
  throw new Error(`no free username for "${base}"`);
};

/**
 * Finds or creates the crudboard user of an identity, in one transaction on primary: the user
 * linked to (provider, subject); else, with `linkByEmail`, the one user with the identity's verified
 * e-mail, never a super administrator (and links it); else a new user with a free username made from the identity. The user's
 * roles are then replaced by the mapped ones that exist (unknown codes are skipped with a warning;
 * none left: refused). A disabled user is refused, and nothing is written then.
 */
export const provisionExternalUser = async (
  knex: Knex,
  identity: ExternalIdentity,
  options: ProvisionOptions,
): Promise<ProvisionResult> => {
  const now = options.now ?? Date.now();
  const { providerId } = options;
  return knex.transaction(async (trx): Promise<ProvisionResult> => {
    const roleRows: Row[] =
      options.roleCodes.length === 0
        ? []
        : await trx(SYSTEM.role)
            .select('id', 'code')
            .whereIn('code', [...options.roleCodes]);
    const known = new Map(roleRows.map((row) => [String(row.code), toNumber(row.id)]));
    const unknown = options.roleCodes.filter((code) => !known.has(code));
    if (unknown.length > 0) {
      options.warn?.(
        { provider: providerId, roles: unknown },
        'single sign-on maps to roles that do not exist',
      );
    }
    const roleIds = options.roleCodes.flatMap((code) => (known.has(code) ? [known.get(code) as number] : []));
    if (roleIds.length === 0) return { ok: false, reason: 'no_role' };

    let userId = await findLinkedUser(trx, providerId, identity.subject);
    const linked = userId === undefined;
    let created = false;
    if (userId === undefined && options.linkByEmail && identity.email && identity.emailVerified === true) {
      userId = await findUserByEmail(trx, identity.email);
    }
    if (userId !== undefined) {
      const user: Row | undefined = await trx(SYSTEM.user).select('enabled').where('id', userId).first();
      if (!user || !toBool(user.enabled)) return { ok: false, reason: 'disabled' };
    } else {
      const stamp = dateTimeText(new Date(now));
      const [row]: unknown[] = await trx(SYSTEM.user).insert(
        {
          username: await freeUsername(trx, identity),
          realname: identity.displayName?.slice(0, 100) ?? null,
          password: NO_PASSWORD,
          email: identity.email?.slice(0, 200) ?? null,
          enabled: true,
          createdDate: stamp,
          lastModifiedDate: stamp,
        },
        ['id'],
      );
      userId = toNumber(typeof row === 'object' && row !== null ? (row as Row).id : row);
      created = true;
    }
    if (linked) {
      await trx(SHARED_STATE.userIdentity).insert({
        userId,
        providerId,
        subject: identity.subject,
        createdAt: now,
        lastSignInAt: now,
      });
    } else {
      await trx(SHARED_STATE.userIdentity)
        .where({ providerId, subject: identity.subject })
        .update({ lastSignInAt: now });
    }
    await trx(SYSTEM.userRole).where('userId', userId).delete();
    await trx(SYSTEM.userRole).insert(roleIds.map((roleId) => ({ userId, roleId })));
    return { ok: true, userId, created, linked: linked && !created };
  });
};
