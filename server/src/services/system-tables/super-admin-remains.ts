import type { CommitEvent } from '../../extensions/write-hooks';
import { enabledSuperAdmins } from './grant-checks';
import { conflict } from './rule-errors';

/**
 * Checked at the end of a write that reached the user, role or user-role table, inside its
 * transaction: at least one enabled user must still hold the super-admin role (else 409, and the
 * whole write is rolled back).
 */
export const superAdminRemains = async ({ write }: CommitEvent): Promise<void> => {
  if ((await enabledSuperAdmins(write)).length === 0) throw conflict('lastSuperAdmin');
};
