import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import type { Introspection } from './introspection';
import { mysqlIntrospection } from './mysql-introspection';
import { pgIntrospection } from './pg-introspection';
import { sqliteIntrospection } from './sqlite-introspection';

/** The catalogue reader of the data source's database. */
export const introspectionFor = (db: Knex): Introspection => {
  switch (dialectOf(db)) {
    case 'sqlite':
      return sqliteIntrospection;
    case 'pg':
      return pgIntrospection;
    case 'mysql':
      return mysqlIntrospection;
  }
};
