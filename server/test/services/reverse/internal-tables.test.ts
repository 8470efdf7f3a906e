import { describe, expect, it } from 'vitest';
import { internalTableNames } from '../../../src/services/reverse/internal-tables';

describe('internalTableNames', () => {
  it('names crudboard’s, the migrations’, SQLite’s own, virtual tables and their shadow tables', () => {
    const tables = [
      'Album',
      'cb_user',
      'CB_Meta_Table',
      'knex_migrations',
      'knex_migrations_lock',
      'sqlite_sequence',
      'notes',
      'notes_data',
      'note_search',
      'note_search_data',
      'note_search_idx',
      'note_search_content',
      'note_search_docsize',
      'note_search_config',
      'note_search_extra',
    ].map((tableName) => ({
      tableName,
      comment: null,
      sql:
        tableName === 'note_search'
          ? 'CREATE VIRTUAL TABLE note_search USING fts5(body)'
          : 'CREATE TABLE x (a)',
    }));
    expect([...internalTableNames(tables)].sort()).toEqual(
      [
        'CB_Meta_Table',
        'cb_user',
        'knex_migrations',
        'knex_migrations_lock',
        'note_search',
        'note_search_config',
        'note_search_content',
        'note_search_data',
        'note_search_docsize',
        'note_search_idx',
        'sqlite_sequence',
      ].sort(),
    );
  });
});
