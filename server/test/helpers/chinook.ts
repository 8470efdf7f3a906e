import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import knex from 'knex';
import type { DataSourceConfig } from '../../src/config';

/** The Chinook sample database (MIT licence, see its LICENSE.md), one file per dialect. */
const FIXTURES = resolve(import.meta.dirname, '../fixtures/chinook');

/** The Chinook sample database's tables, per dialect (the scripts name them differently). */
export const CHINOOK_TABLES = {
  sqlite: [
    'Album',
    'Artist',
    'Customer',
    'Employee',
    'Genre',
    'Invoice',
    'InvoiceLine',
    'MediaType',
    'Playlist',
    'PlaylistTrack',
    'Track',
  ],
  pg: [
    'album',
    'artist',
    'customer',
    'employee',
    'genre',
    'invoice',
    'invoice_line',
    'media_type',
    'playlist',
    'playlist_track',
    'track',
  ],
} as const;

/** What the script does after creating its own database: the tables and rows. */
const scriptBody = (file: string, marker: RegExp): string => {
  const text = readFileSync(join(FIXTURES, file), 'utf8');
  const match = marker.exec(text);
  if (!match) throw new Error(`${file}: no ${marker} line`);
  return text.slice(match.index + match[0].length);
};

const loadSqlite = (filename: string) => {
  const db = new Database(filename);
  try {
    db.pragma('foreign_keys = OFF');
    db.prepare('ATTACH DATABASE ? AS chinook').run(join(FIXTURES, 'Chinook_Sqlite.sqlite'));
    const objects = db
      .prepare('SELECT type, name, sql FROM chinook.sqlite_master WHERE sql IS NOT NULL ORDER BY type DESC')
      .all() as { type: string; name: string; sql: string }[];
    db.transaction(() => {
      for (const object of objects) db.exec(object.sql);
      for (const object of objects.filter((candidate) => candidate.type === 'table')) {
        const name = object.name.replace(/"/g, '""');
        db.exec(`INSERT INTO main."${name}" SELECT * FROM chinook."${name}"`);
      }
    })();
    db.prepare('DETACH DATABASE chinook').run();
  } finally {
    db.close();
  }
};

/** Through the driver's own connection: one simple query may hold many statements (no bindings). */
const loadPg = async (url: string) => {
  const db = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    const connection = (await db.client.acquireConnection()) as { query(sql: string): Promise<unknown> };
    try {
      await connection.query(scriptBody('Chinook_PostgreSql.sql', /^\\c chinook;$/m));
    } finally {
      await db.client.releaseConnection(connection);
    }
  } finally {
    await db.destroy();
  }
};

const loadMysql = async (url: string) => {
  const parsed = new URL(url);
  const connection = await mysql.createConnection({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    multipleStatements: true,
    charset: 'utf8mb4',
  });
  try {
    await connection.query(scriptBody('Chinook_MySql.sql', /^USE `Chinook`;$/m));
  } finally {
    await connection.end();
  }
};

/**
 * Loads the Chinook sample database (11 tables, 11 foreign keys) into a data source's database,
 * with its own connection: the SQLite file is copied over ATTACH, the PostgreSQL and MySQL scripts
 * run as one multi-statement batch (after the lines that create and select their own database).
 */
export const loadChinook = async (source: DataSourceConfig): Promise<void> => {
  switch (source.client) {
    case 'sqlite':
      return loadSqlite(source.connection);
    case 'pg':
      return loadPg(source.connection);
    case 'mysql':
      return loadMysql(source.connection);
  }
};
