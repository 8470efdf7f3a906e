import { describe, expect, it } from 'vitest';
import { pgSearchPath, pgStartupOptions } from '../../src/dialects/pg-search-path';

describe('the search path of crudboard’s PostgreSQL connections', () => {
  it('searches the data source’s schema, public and pg_catalog, and names pg_temp last', () => {
    expect(pgSearchPath(undefined)).toEqual(['"$user"', 'public', 'pg_catalog', 'pg_temp']);
    expect(pgSearchPath('Sales 2026')).toEqual(['"Sales 2026"', 'public', 'pg_catalog', 'pg_temp']);
    expect(pgSearchPath('public')).toEqual(['"public"', 'public', 'pg_catalog', 'pg_temp']);
  });

  it('is a startup option whose spaces and backslashes the server does not split on, after the URL’s own', () => {
    expect(pgStartupOptions(undefined)).toBe('-c search_path="$user",public,pg_catalog,pg_temp');
    expect(pgStartupOptions('Sales 2026')).toBe('-c search_path="Sales\\ 2026",public,pg_catalog,pg_temp');
    expect(pgStartupOptions('a\\b')).toBe('-c search_path="a\\\\b",public,pg_catalog,pg_temp');
    expect(pgStartupOptions(undefined, '-c statement_timeout=5000')).toBe(
      '-c statement_timeout=5000 -c search_path="$user",public,pg_catalog,pg_temp',
    );
  });
});
