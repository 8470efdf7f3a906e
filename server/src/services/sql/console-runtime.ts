import type { Knex } from 'knex';
import { isSuperAdmin } from '../../auth/permission';
import type { SqlConsoleConfig } from '../../config';
import type { SqlResult } from '../../dialects/sql/console/sql-result';
import type { DataSource } from '../../plugins/db';
import type { ConsoleAccess } from './console-access';
import type { ConsoleGate } from './console-gate';
import { executeSql } from './execute-sql';

/** What the SQL console of one server runs with: decided at its start, shared by all its callers. */
export interface SqlConsoleRuntime {
  /** What statements run as on each data source (console role, console account, or a refusal). */
  access: ReadonlyMap<string, ConsoleAccess>;
  /** The ceilings on statements in flight, per user and per data source. */
  gate: ConsoleGate;
  /** The statement timeout. */
  timeoutMs: number;
  config: SqlConsoleConfig;
}

/** Who runs a console statement: a user's name and authorities (role codes and permission codes). */
export interface ConsoleUser {
  username: string;
  authorities: readonly string[];
}

const runtimes = new WeakMap<object, SqlConsoleRuntime>();

const keyOf = (primary: Knex): object => primary.client.config as object;

/** Makes this server's console (of the app on `primary`) known to its other parts. */
export const keepSqlConsole = (primary: Knex, runtime: SqlConsoleRuntime): void => {
  runtimes.set(keyOf(primary), runtime);
};

/** The console of the app on `primary`, once its SQL routes have started. */
export const sqlConsoleOf = (primary: Knex): SqlConsoleRuntime | undefined => runtimes.get(keyOf(primary));

/**
 * One console statement on `source` as `user` (docs/api.md §2.4): it waits its turn in the gate
 * (the user's and the server's ceilings, the data source's slots), then runs as the console role
 * or account of the data source, with every refusal of `executeSql` (a super admin's statements
 * alone reach crudboard's tables). The caller has checked that `user` holds `sql:execute`.
 */
export const runConsoleStatement = (
  runtime: SqlConsoleRuntime,
  source: DataSource,
  user: ConsoleUser,
  input: { sql: string; params?: unknown[]; readOnly?: boolean },
): Promise<SqlResult> =>
  runtime.gate.run(user.username, source.name, runtime.timeoutMs, () =>
    executeSql(
      source,
      {
        sql: input.sql,
        ...(input.readOnly === undefined ? {} : { readOnly: input.readOnly }),
        superAdmin: isSuperAdmin(user.authorities),
        ...(input.params ? { params: input.params } : {}),
      },
      {
        timeoutMs: runtime.timeoutMs,
        access: runtime.access.get(source.name) ?? {},
        superAdminUnrestricted: runtime.config.superAdminUnrestricted,
        maxResultBytes: runtime.config.maxResultBytes,
        maxCellBytes: runtime.config.maxCellBytes,
      },
    ),
  );
