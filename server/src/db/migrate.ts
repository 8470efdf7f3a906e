import type { Knex } from 'knex';
import { pgCurrentSchema } from '../dialects/pg-current-schema';
import { dialectOf } from './dialect';
import { metadata001Tables } from './migrations/metadata-001-tables';
import { metadata002SqliteBigrams } from './migrations/metadata-002-sqlite-bigrams';
import { metadata003PgRowCounts } from './migrations/metadata-003-pg-row-counts';
import { metadata004SqliteDeletedMarks } from './migrations/metadata-004-sqlite-deleted-marks';
import { metadata005NativeColumns } from './migrations/metadata-005-native-columns';
import { metadata006CacheVersions } from './migrations/metadata-006-cache-versions';
import { metadata007Captions } from './migrations/metadata-007-captions';
import { metadata008SystemColumnCaptions } from './migrations/metadata-008-system-column-captions';
import { metadata009TitleColumn } from './migrations/metadata-009-title-column';
import { metadata010ChoiceOptions } from './migrations/metadata-010-choice-options';
import { metadata011HistoryRetention } from './migrations/metadata-011-history-retention';
import type { NamedMigration } from './migrations/named-migration';
import { system001Tables } from './migrations/system-001-tables';
import { system002Files } from './migrations/system-002-files';
import { system003SystemTables } from './migrations/system-003-system-tables';
import { system004TablePermissionDataSource } from './migrations/system-004-table-permission-data-source';
import { system005Modules } from './migrations/system-005-modules';
import { system006CacheVersions } from './migrations/system-006-cache-versions';
import { system007LoginThrottle } from './migrations/system-007-login-throttle';
import { system008Downloads } from './migrations/system-008-downloads';
import { system009StatePerDataSource } from './migrations/system-009-state-per-data-source';
import { system010MetadataPerDataSource } from './migrations/system-010-metadata-per-data-source';
import { system011MysqlRowCounts } from './migrations/system-011-mysql-row-counts';
import { system012LockKey } from './migrations/system-012-lock-key';
import { system013SchemaJournal } from './migrations/system-013-schema-journal';
import { system014Revisions } from './migrations/system-014-revisions';
import { system015RevisionDeletions } from './migrations/system-015-revision-deletions';
import { system016AuditLog } from './migrations/system-016-audit-log';
import { system017ApiTokens } from './migrations/system-017-api-tokens';
import { system018TablePermissionRowRules } from './migrations/system-018-table-permission-row-rules';
import { system019ExternalIdentities } from './migrations/system-019-external-identities';
import { system020Webhooks } from './migrations/system-020-webhooks';
import { system021Schedules } from './migrations/system-021-schedules';
import { system022ScheduleTasks } from './migrations/system-022-schedule-tasks';
import { system023Flows } from './migrations/system-023-flows';
import { system024IdempotencyKeys } from './migrations/system-024-idempotency-keys';
import { system025LockLeases } from './migrations/system-025-lock-leases';
import { system026LockKeyPrimaryKey } from './migrations/system-026-lock-key-primary-key';
import { system027RevisionBatches } from './migrations/system-027-revision-batches';
import { MIGRATION_TABLES } from './table-names';

/** In order; append new migrations, never edit or reorder released ones. */
export const METADATA_MIGRATIONS: readonly NamedMigration[] = [
  metadata001Tables,
  metadata002SqliteBigrams,
  metadata003PgRowCounts,
  metadata004SqliteDeletedMarks,
  metadata005NativeColumns,
  metadata006CacheVersions,
  metadata007Captions,
  metadata008SystemColumnCaptions,
  metadata009TitleColumn,
  metadata010ChoiceOptions,
  metadata011HistoryRetention,
];
export const SYSTEM_MIGRATIONS: readonly NamedMigration[] = [
  system001Tables,
  system002Files,
  system003SystemTables,
  system004TablePermissionDataSource,
  system005Modules,
  system006CacheVersions,
  system007LoginThrottle,
  system008Downloads,
  system009StatePerDataSource,
  system010MetadataPerDataSource,
  system011MysqlRowCounts,
  system012LockKey,
  system013SchemaJournal,
  system014Revisions,
  system015RevisionDeletions,
  system016AuditLog,
  system017ApiTokens,
  system018TablePermissionRowRules,
  system019ExternalIdentities,
  system020Webhooks,
  system021Schedules,
  system022ScheduleTasks,
  system023Flows,
  system024IdempotencyKeys,
  system025LockLeases,
  system026LockKeyPrimaryKey,
  system027RevisionBatches,
];

const sourceOf = (migrations: readonly NamedMigration[]): Knex.MigrationSource<NamedMigration> => ({
  getMigrations: async () => [...migrations],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
});

/**
 * Whether the migration table records exactly these migrations: then the migrator (its tables'
 * checks, its lock, its listing) has nothing to do. Any doubt (no table yet, another list) says no.
 */
const allApplied = async (knex: Knex, migrations: readonly NamedMigration[], tableName: string) => {
  // PostgreSQL: the migrator's table in the current schema only, as the migrator looks for it (a
  // data source's search path may reach another schema's table of the same name).
  const schema = dialectOf(knex) === 'pg' ? await pgCurrentSchema(knex) : undefined;
  if (schema === null) return false;
  const from: Knex.QueryBuilder =
    schema === undefined ? knex(tableName) : knex.withSchema(schema).from(tableName);
  const rows = (await from.select('name').catch(() => null)) as { name: string }[] | null;
  if (!rows || rows.length !== migrations.length) return false;
  const applied = new Set(rows.map((row) => row.name));
  return migrations.every((migration) => applied.has(migration.name));
};

/**
 * Applies those of `migrations` the migration table `tableName` does not record yet (Knex's
 * migrator, with its lock); nothing is asked of the migrator when all are recorded. Returns the
 * names applied now.
 */
export const migrateLatest = async (
  knex: Knex,
  migrations: readonly NamedMigration[],
  tableName: string,
): Promise<string[]> => {
  if (await allApplied(knex, migrations, tableName)) return [];
  try {
    const [, applied] = (await knex.migrate.latest({ migrationSource: sourceOf(migrations), tableName })) as [
      number,
      string[],
    ];
    return applied;
  } catch (error) {
    if ((error as Error).name === 'MigrationLocked') {
      throw new Error(
        `${tableName}_lock is locked: another crudboard is migrating this database, or one stopped ` +
          `while migrating. If none is running, set is_locked = 0 in ${tableName}_lock and start again.`,
        { cause: error },
      );
    }
    throw error;
  }
};

/**
 * Brings a database's crudboard tables up to date: the metadata tables, and the system tables
 * when it is `primary` (the one place metadata lives now; another data source runs the metadata
 * migrations only to bring an older release's own metadata tables to their last shape before they
 * move to `primary`, see move-source-metadata.ts). Versioned by Knex's migrator (its own tables, with a lock), so running it again is a
 * no-op. Returns the names of the migrations applied now.
 */
export const runMigrations = async (knex: Knex, options: { system: boolean }): Promise<string[]> => {
  const applied = await migrateLatest(knex, METADATA_MIGRATIONS, MIGRATION_TABLES.metadata);
  if (options.system)
    applied.push(...(await migrateLatest(knex, SYSTEM_MIGRATIONS, MIGRATION_TABLES.system)));
  return applied;
};
