import { SYSTEM } from '../../db/table-names';
import { ApiException } from '../../errors/api-exception';
import { systemTableMessage } from '../../i18n/system-table-messages';
import type { WriteContext } from '../items/write-context';

/** Characters a username may not hold once trimmed: whitespace, controls, format (zero-width, bidi) marks. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/** Letters NFKC leaves apart that read as Latin ones. */
const LOOK_ALIKES: Record<string, string> = { ı: 'i', ȷ: 'j', ł: 'l', ø: 'o', đ: 'd', ħ: 'h' };

/** A username as typed: NFKC-normalised (full-width letters become ASCII ones) and trimmed. */
export const normalUsername = (raw: string): string => raw.normalize('NFKC').trim();

/**
 * The key two usernames collide on: lower case, accents dropped, dotless ı and the like read as
 * their Latin letters; `SuperAdmin` and `superadmın` share `superadmin`'s key.
 */
export const usernameKey = (name: string): string =>
  normalUsername(name)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ıȷłøđħ]/g, (letter) => LOOK_ALIKES[letter] ?? letter);

/**
 * Rules of a username about to be stored in the user table (a create, or an update setting it):
 * it is stored NFKC-normalised and trimmed; one holding invisible characters is a 400; one
 * whose key (usernameKey) is another user's is a 409, so look-alikes of `superadmin` are
 * refused.
 */
export const checkUsername = async (
  write: WriteContext,
  values: Record<string, unknown>,
  path: string,
  userId?: unknown,
): Promise<void> => {
  if (typeof values.username !== 'string') return;
  const username = normalUsername(values.username);
  if (username === '' || INVISIBLE.test(username)) {
    throw new ApiException('VALIDATION_ERROR', undefined, {
      [`${path}username`]: systemTableMessage('usernameInvisible'),
    });
  }
  values.username = username;
  const key = usernameKey(username);
  const rows: { id: unknown; username: unknown }[] = await write.db(SYSTEM.user).select('id', 'username');
  const clash = rows.find(
    (row) => String(row.id) !== String(userId ?? '') && usernameKey(String(row.username)) === key,
  );
  if (clash) {
    throw new ApiException(
      'CONFLICT',
      systemTableMessage('usernameTaken', { name: username, other: String(clash.username) }),
    );
  }
};
