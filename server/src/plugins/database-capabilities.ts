import fp from 'fastify-plugin';
import { sqlDialect } from '../dialects/sql/sql-dialects';
import { judgeCapabilities } from '../db/capabilities/capability-verdict';
import { probeCapabilities } from '../db/capabilities/probe-capabilities';

/** A database lacks something crudboard cannot do without; the message says what. */
export class MissingCapabilityError extends Error {
  constructor(dataSource: string, missing: string[]) {
    super(`data source "${dataSource}": the database lacks what crudboard needs: ${missing.join('; ')}`);
    this.name = 'MissingCapabilityError';
  }
}

/**
 * At start-up, before anything is migrated, asks each PostgreSQL and MySQL/MariaDB data source
 * what crudboard needs of it (db/capabilities): what it lacks and crudboard adapts to is logged;
 * what it lacks and crudboard cannot do without stops the server with a message naming it.
 */
export default fp(
  async (app) => {
    const { primary } = app.dataSources;
    for (const source of app.dataSources.list()) {
      if (!sqlDialect(source.client).sharedByServers) continue;
      const found = await probeCapabilities(source.knex);
      const verdict = judgeCapabilities(sqlDialect(source.client), source === primary, found);
      app.log.info({ dataSource: source.name, capabilities: found }, 'database capabilities');
      for (const adaptation of verdict.adapt) app.log.info({ dataSource: source.name }, adaptation);
      if (verdict.refuse.length > 0) throw new MissingCapabilityError(source.name, verdict.refuse);
    }
  },
  { name: 'database-capabilities', dependencies: ['db'] },
);
