import { SYSTEM } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * Row rules on table permissions (docs/permissions.md): `rowRules`, JSON text
 * `{"read": <filter>, "update": ..., "delete": ..., "create": ...}`; null for a role that reaches
 * every record of the table (every existing permission).
 */
export const system018TablePermissionRowRules: NamedMigration = {
  name: 'system-018-table-permission-row-rules',
  async up(knex) {
    await knex.schema.alterTable(SYSTEM.tablePermission, (t) => {
      t.text('rowRules');
    });
  },
  async down(knex) {
    await knex.schema.alterTable(SYSTEM.tablePermission, (t) => {
      t.dropColumn('rowRules');
    });
  },
};
