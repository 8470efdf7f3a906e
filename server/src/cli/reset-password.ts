import { generatePassword } from '../auth/password';
import { resetPassword, UnknownUserError } from '../auth/reset-password';
import { createKnex } from '../db/create-knex';
import { SUPER_ADMIN_USERNAME } from '../db/ensure-super-admin';
import { loadConfigOrExit } from '../load-config-or-exit';

/**
 * `npm run reset-password [-- <username>]`: sets a new password for a user of the primary data
 * source (default `superadmin`), from NEW_PASSWORD or generated and printed once.
 */
const main = async (): Promise<number> => {
  const username = process.argv[2]?.trim() || SUPER_ADMIN_USERNAME;
  const given = process.env.NEW_PASSWORD;
  if (given !== undefined && (given.length === 0 || given.length > 1024)) {
    console.error('crudboard: NEW_PASSWORD must have 1 to 1024 characters');
    return 1;
  }
  const config = loadConfigOrExit();
  const primary = config.dataSources[0];
  if (!primary) throw new Error('no primary data source configured');
  const knex = createKnex(primary);
  const password = given ?? generatePassword();
  try {
    await resetPassword(knex, username, password);
  } catch (error) {
    if (error instanceof UnknownUserError) {
      console.error(`crudboard: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await knex.destroy();
  }
  console.log(
    given === undefined
      ? `The password of "${username}" is now (shown this once):\n\n    ${password}\n`
      : `The password of "${username}" is now the one from NEW_PASSWORD.`,
  );
  console.log('The account is enabled and all of its sessions have ended.');
  return 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('crudboard: reset failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
