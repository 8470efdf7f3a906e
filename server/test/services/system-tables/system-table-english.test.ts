import { describe, expect, it } from 'vitest';
import {
  englishColumnCaption,
  SYSTEM_TABLE_ENGLISH,
} from '../../../src/services/system-tables/system-table-english';
import { SYSTEM_TABLES } from '../../../src/services/system-tables/system-tables';

describe('English captions of the system tables', () => {
  it('name every declared table, column and relation', () => {
    const missing: string[] = [];
    for (const table of SYSTEM_TABLES) {
      if (!SYSTEM_TABLE_ENGLISH[table.name]?.caption) missing.push(table.name);
      for (const column of table.columns)
        if (!englishColumnCaption(table.name, column.name)) missing.push(`${table.name}.${column.name}`);
      for (const relation of table.relations)
        if (!SYSTEM_TABLE_ENGLISH[table.name]?.relations?.[relation.name])
          missing.push(`${table.name} → ${relation.name}`);
    }
    expect(missing).toEqual([]);
  });

  it('hold no Chinese and no table that is not declared', () => {
    const declared = new Set(SYSTEM_TABLES.map((table) => table.name));
    expect(Object.keys(SYSTEM_TABLE_ENGLISH).filter((name) => !declared.has(name))).toEqual([]);
    expect(JSON.stringify(SYSTEM_TABLE_ENGLISH)).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
