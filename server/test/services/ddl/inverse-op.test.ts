import { describe, expect, it } from 'vitest';
import { inverseOp } from '../../../src/services/ddl/inverse-op';
import type { SchemaOp } from '../../../src/model/schema-op';
import { col, table } from '../tables/fixtures';

const index = { key: 'k', name: 'ix', unique: false, hash: false, columns: ['a'], columnKeys: ['id:1'] };

describe('inverseOp', () => {
  it.each<[SchemaOp, SchemaOp | undefined]>([
    [
      { kind: 'createTable', table: table([]) },
      { kind: 'dropTable', table: 'product' },
    ],
    [
      { kind: 'renameTable', from: 'a', to: 'b' },
      { kind: 'renameTable', from: 'b', to: 'a' },
    ],
    [
      { kind: 'addColumn', table: 't', column: col('a') },
      { kind: 'dropColumn', table: 't', column: col('a') },
    ],
    [
      { kind: 'renameColumn', table: 't', from: 'a', to: 'b' },
      { kind: 'renameColumn', table: 't', from: 'b', to: 'a' },
    ],
    [
      { kind: 'alterColumn', table: 't', from: col('a'), to: col('a', { length: 9 }) },
      { kind: 'alterColumn', table: 't', from: col('a', { length: 9 }), to: col('a') },
    ],
    [
      { kind: 'setNotNull', table: 't', column: col('a', { nullable: false }) },
      {
        kind: 'alterColumn',
        table: 't',
        from: col('a', { nullable: false }),
        to: col('a', { nullable: true }),
      },
    ],
    [
      { kind: 'createIndex', table: 't', index },
      { kind: 'dropIndex', table: 't', index },
    ],
    [
      { kind: 'renameIndex', table: 't', from: 'old', to: 'ix', index },
      { kind: 'renameIndex', table: 't', from: 'ix', to: 'old', index: { ...index, name: 'old' } },
    ],
    [
      { kind: 'setEngine', table: 't', from: 'InnoDB', to: 'MyISAM' },
      { kind: 'setEngine', table: 't', from: 'MyISAM', to: 'InnoDB' },
    ],
    [{ kind: 'fillNulls', table: 't', column: col('a'), value: '' }, undefined],
    [{ kind: 'dropColumn', table: 't', column: col('a') }, undefined],
  ])('%o', (op, inverse) => {
    expect(inverseOp(op)).toEqual(inverse);
  });
});
