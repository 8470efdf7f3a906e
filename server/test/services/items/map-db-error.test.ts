import { describe, expect, it } from 'vitest';
import { indexPhysicalName, unsignedCheckName } from '../../../src/dialects/derived-name';
import { mapDbError } from '../../../src/services/items/map-db-error';
import { stored, tableOf } from './fixtures';

const TABLE = tableOf('ca_product', [
  stored('id', 'BIGINT', { indexType: 'PRIMARY' }),
  stored('code', 'VARCHAR', { indexType: 'UNIQUE', indexName: 'uq_code' }),
  stored('name', 'VARCHAR'),
  stored('stock', 'INT', { unsigned: true }),
  stored('parentId', 'BIGINT'),
]);

const LINE = tableOf('line', [stored('lineNo', 'INT', { indexType: 'PRIMARY' })]);

const mapped = (error: unknown) => {
  const exception = mapDbError(error, [TABLE, LINE]);
  if (!exception) return undefined;
  return {
    status: exception.status,
    errors: Object.fromEntries(
      Object.entries(exception.errors ?? {}).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : value.en,
      ]),
    ),
  };
};

const uniqueIndex = indexPhysicalName('ca_product', 'uq_code');

describe('mapDbError', () => {
  it.each([
    [
      'SQLite unique',
      {
        code: 'SQLITE_CONSTRAINT_UNIQUE',
        message: 'insert into `ca_product` ... - UNIQUE constraint failed: ca_product.code',
      },
      409,
      { code: 'already exists' },
    ],
    [
      'SQLite primary key',
      { code: 'SQLITE_CONSTRAINT_PRIMARYKEY', message: 'UNIQUE constraint failed: ca_product.id' },
      409,
      { id: 'already exists' },
    ],
    [
      'SQLite not null',
      { code: 'SQLITE_CONSTRAINT_NOTNULL', message: 'NOT NULL constraint failed: ca_product.name' },
      400,
      { name: 'is required' },
    ],
    [
      'SQLite check',
      {
        code: 'SQLITE_CONSTRAINT_CHECK',
        message: `CHECK constraint failed: ${unsignedCheckName('ca_product', 'stock')}`,
      },
      400,
      { stock: 'is out of range' },
    ],
    [
      'SQLite foreign key',
      { code: 'SQLITE_CONSTRAINT_FOREIGNKEY', message: 'FOREIGN KEY constraint failed' },
      409,
      {},
    ],
    [
      'PostgreSQL unique',
      { code: '23505', detail: 'Key (code)=(X1) already exists.', constraint: uniqueIndex },
      409,
      { code: 'already exists' },
    ],
    [
      'PostgreSQL composite unique',
      { code: '23505', detail: 'Key ("code", name)=(a, b) already exists.' },
      409,
      { code: 'already exists', name: 'already exists' },
    ],
    ['PostgreSQL not null', { code: '23502', column: 'name' }, 400, { name: 'is required' }],
    [
      'PostgreSQL foreign key',
      { code: '23503', detail: 'Key (parentId)=(9) is not present in table "parent".' },
      409,
      { parentId: 'a referenced record is missing, or the record is still referenced' },
    ],
    [
      'PostgreSQL too long',
      { code: '22001', message: 'value too long for type character varying(20)' },
      400,
      { body: 'is too long' },
    ],
    [
      'PostgreSQL check',
      { code: '23514', constraint: unsignedCheckName('ca_product', 'stock') },
      400,
      { stock: 'is out of range' },
    ],
    [
      'MySQL 8 duplicate',
      { errno: 1062, sqlMessage: `Duplicate entry 'X1' for key 'ca_product.${uniqueIndex}'` },
      409,
      { code: 'already exists' },
    ],
    [
      'MariaDB duplicate',
      { errno: 1062, sqlMessage: `Duplicate entry 'X1' for key '${uniqueIndex}'` },
      409,
      { code: 'already exists' },
    ],
    [
      'MySQL duplicate key',
      { errno: 1062, sqlMessage: "Duplicate entry '1' for key 'PRIMARY'" },
      409,
      { id: 'already exists' },
    ],
    [
      'MySQL 8 duplicate primary key of a child table',
      { errno: 1062, sqlMessage: "Duplicate entry '1' for key 'line.PRIMARY'" },
      409,
      { lineNo: 'already exists' },
    ],
    ['MySQL null', { errno: 1048, sqlMessage: "Column 'name' cannot be null" }, 400, { name: 'is required' }],
    [
      'MySQL no default',
      { errno: 1364, sqlMessage: "Field 'name' doesn't have a default value" },
      400,
      { name: 'is required' },
    ],
    [
      'MySQL child row',
      { errno: 1452, sqlMessage: 'Cannot add or update a child row: a foreign key constraint fails' },
      409,
      {},
    ],
    [
      'MySQL too long',
      { errno: 1406, sqlMessage: "Data too long for column 'name' at row 1" },
      400,
      { name: 'is too long' },
    ],
    [
      'MySQL out of range',
      { errno: 1264, sqlMessage: "Out of range value for column 'stock' at row 1" },
      400,
      { stock: 'is out of range' },
    ],
    [
      'MariaDB text its column cannot store',
      {
        errno: 1366,
        sqlMessage:
          "Incorrect string value: '\\xF0\\x9F\\x98\\x80' for column `shop`.`place`.`name` at row 1",
      },
      400,
      { name: expect.stringContaining('character set') },
    ],
    [
      'MySQL value an ENUM does not list',
      { errno: 1265, sqlMessage: "Data truncated for column 'name' at row 1" },
      400,
      { name: expect.stringContaining('ENUM') },
    ],
    [
      'unknown column named',
      { errno: 1048, sqlMessage: "Column 'password' cannot be null" },
      400,
      { body: 'is required' },
    ],
  ])('%s', (_name, error, status, errors) => {
    expect(mapped(error)).toEqual({ status, errors });
  });

  it('leaves everything else to the 500 handler', () => {
    expect(mapDbError(new Error('connection refused'), [TABLE])).toBeUndefined();
    expect(mapDbError({ code: 'ECONNRESET' }, [TABLE])).toBeUndefined();
    expect(mapDbError({ code: '42P01', message: 'relation does not exist' }, [TABLE])).toBeUndefined();
    expect(mapDbError(null, [TABLE])).toBeUndefined();
  });

  it('never carries driver text in its message', () => {
    const exception = mapDbError({ errno: 1062, sqlMessage: "Duplicate entry 'secret' for key 'x'" }, [
      TABLE,
    ]);
    expect(JSON.stringify([exception?.detail, exception?.errors])).not.toContain('secret');
  });
});
