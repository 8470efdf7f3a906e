import type { Knex } from 'knex';
import type { Client } from '../config';

/** Which of the supported databases a Knex instance talks to. */
export const dialectOf = (knex: Knex): Client => {
  const client = String(knex.client.config.client);
  if (client === 'pg' || client === 'postgres' || client === 'postgresql') return 'pg';
  if (client === 'mysql' || client === 'mysql2') return 'mysql';
  return 'sqlite';
};
