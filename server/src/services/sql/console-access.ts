import type { Knex } from 'knex';
import type { SqlConsoleConfig } from '../../config';
import type { Localized } from '../../i18n/messages';
import { sqlMessage } from '../../i18n/sql-messages';
import type { DataSource } from '../../plugins/db';
import type { ConsoleLog } from '../../dialects/sql/sql-dialect';
import { sqlDialect } from '../../dialects/sql/sql-dialects';

/** What the console runs as on one data source, decided at start-up. */
export interface ConsoleAccess {
  /** PostgreSQL: the role statements run under. */
  role?: string;
  /** MySQL: connections of the separate console account statements run on. */
  account?: Knex;
  /** Why the console is turned off on this data source. */
  refusal?: Localized;
  /** Why the console is turned off for everyone but the super admin (MySQL without a console account). */
  othersRefused?: Localized;
}

/**
 * Start-up, per data source: on PostgreSQL the console role (see pg-console-role.ts); a superuser
 * connection with no usable console role turns the console off unless `allowSuperuser`. On MySQL
 * the console account (see mysql-console-account.ts); without one the console is the super
 * admin's alone unless `allowSuperuser`. Logs loudly what is unsafe.
 */
export const prepareConsoleAccess = async (
  source: DataSource,
  config: SqlConsoleConfig,
  log: ConsoleLog,
): Promise<ConsoleAccess> => {
  const fields = { dataSource: source.name };
  const found = await sqlDialect(source.client).consoleAccount(source.knex, config, log);
  if (found.fileAccess) {
    log.warn(
      fields,
      'SQL CONSOLE: the connecting MySQL/MariaDB user holds the FILE privilege; the console refuses file statements, but connect as a user without FILE (README, "Security")',
    );
  }
  if (found.role !== undefined) return { role: found.role };
  if (found.account !== undefined) return { account: found.account };
  if (found.noAccount !== undefined) {
    log.error(
      { ...fields, reason: found.noAccount },
      config.allowSuperuser
        ? `SQL CONSOLE UNSAFE: no separate MySQL/MariaDB console account can be used (${found.noAccount}); SQL_CONSOLE_ALLOW_SUPERUSER lets console users run statements as crudboard's own account, which reaches crudboard's tables`
        : `SQL CONSOLE SUPER ADMIN ONLY: no separate MySQL/MariaDB console account can be used (${found.noAccount}); give crudboard's account CREATE USER and GRANT OPTION or set SQL_CONSOLE_URL (SQL_CONSOLE_ALLOW_SUPERUSER=1 accepts the risk)`,
    );
    return config.allowSuperuser
      ? {}
      : { othersRefused: sqlMessage('noConsoleAccount', { dataSource: source.name }) };
  }
  if (found.superuser) {
    log.error(
      fields,
      config.allowSuperuser
        ? 'SQL CONSOLE UNSAFE: the data source connects as a PostgreSQL superuser and no console role can be used; SQL_CONSOLE_ALLOW_SUPERUSER lets console users run programs and read files on the database host'
        : 'SQL CONSOLE OFF: the data source connects as a PostgreSQL superuser and no console role can be used; set SQL_CONSOLE_ROLE or connect as a non-superuser (SQL_CONSOLE_ALLOW_SUPERUSER=1 accepts the risk)',
    );
    return config.allowSuperuser
      ? {}
      : { refusal: sqlMessage('unsafeConnection', { dataSource: source.name }) };
  }
  if (found.privileged) {
    log.warn(
      fields,
      'SQL CONSOLE: the connecting PostgreSQL role reaches server files, programs or other sessions and no console role can be used (README, "Security")',
    );
  }
  return {};
};
