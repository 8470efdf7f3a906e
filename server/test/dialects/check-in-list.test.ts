import { describe, expect, it } from 'vitest';
import {
  checkChoicesOf,
  checkInListOf,
  sqliteCheckClauses,
} from '../../src/dialects/introspection/check-in-list';

describe('checkInListOf', () => {
  it("reads PostgreSQL's printed forms (text and varchar columns)", () => {
    expect(checkInListOf("CHECK ((status = ANY (ARRAY['open'::text, 'closed'::text])))")).toEqual({
      column: 'status',
      values: ['open', 'closed'],
    });
    expect(
      checkInListOf(
        "CHECK (((status)::text = ANY ((ARRAY['new'::character varying, 'it''s'::character varying])::text[])))",
      ),
    ).toEqual({ column: 'status', values: ['new', "it's"] });
    expect(checkInListOf(`CHECK (("Kind" = ANY (ARRAY['a'::text])))`)).toEqual({
      column: 'Kind',
      values: ['a'],
    });
  });

  it("reads MySQL 8's and MariaDB's CHECK_CLAUSE", () => {
    expect(checkInListOf("(`status` in (_utf8mb4'open',_utf8mb4'it\\'s'))", true)).toEqual({
      column: 'status',
      values: ['open', "it's"],
    });
    expect(checkInListOf("`status` in ('open','closed')", true)).toEqual({
      column: 'status',
      values: ['open', 'closed'],
    });
  });

  it("reads SQLite's CHECK clause as written", () => {
    expect(checkInListOf("CHECK (status IN ('open', 'closed'))")).toEqual({
      column: 'status',
      values: ['open', 'closed'],
    });
    expect(checkInListOf(`("状态" in ('开', '关'))`)).toEqual({ column: '状态', values: ['开', '关'] });
  });

  it('leaves every other check alone', () => {
    for (const other of [
      "CHECK (status NOT IN ('a'))",
      "CHECK (status IN ('a') OR status IS NULL)",
      'CHECK (qty IN (1, 2))',
      "CHECK ((status = 'a'::text))",
      "CHECK (lower(status) IN ('a'))",
      "CHECK (status IN ('a', qty))",
      'CHECK (status IN ())',
      "CHECK (status IN ('a'",
      'CHECK ((qty > 0))',
      '`payload` json_valid(`payload`)',
    ]) {
      expect(checkInListOf(other, true), other).toBeNull();
    }
  });
});

describe('sqliteCheckClauses', () => {
  it('finds column and table checks, not the word inside names or text', () => {
    const sql = `CREATE TABLE t (id INTEGER PRIMARY KEY, status TEXT CHECK (status IN ('a', 'b)')),
      "check" INT, note TEXT DEFAULT 'check (x)', recheck INT, CONSTRAINT k CHECK(kind in ('x','y')))`;
    expect(sqliteCheckClauses(sql)).toEqual(["(status IN ('a', 'b)'))", "(kind in ('x','y'))"]);
  });
});

describe('checkChoicesOf', () => {
  it('maps each column (any case) to its values, and leaves a column with two lists alone', () => {
    const found = checkChoicesOf([
      "CHECK (Status IN ('a', 'b'))",
      "CHECK (kind IN ('x'))",
      "CHECK (kind IN ('y'))",
      'CHECK (qty > 0)',
    ]);
    expect([...found]).toEqual([['status', ['a', 'b']]]);
  });
});
