import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { sheetRows, UnreadableSheet, type SheetRow } from '../../../src/services/import/sheet-rows';

const dir = mkdtempSync(join(tmpdir(), 'crudboard-sheet-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const workbook = async (path: string, rows: number) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('first');
  sheet.addRow(['名称', 'amount', 'day']);
  for (let n = 1; n <= rows; n += 1) sheet.addRow([`第${n}行`, n * 1.5, new Date(Date.UTC(2024, 0, n))]);
  book.addWorksheet('second').addRow(['not read']);
  await book.xlsx.writeFile(path);
};

describe('sheetRows', () => {
  it('reads every row of the first worksheet on its own thread, in order, across batches', async () => {
    const path = join(dir, 'many.xlsx');
    await workbook(path, 1234);
    const rows: SheetRow[] = [];
    for await (const row of sheetRows(path)) rows.push(row);
    expect(rows).toHaveLength(1235);
    expect(rows[0]).toEqual({ number: 1, values: [undefined, '名称', 'amount', 'day'] });
    expect(rows[1234]?.number).toBe(1235);
    expect(rows[1234]?.values.slice(1)).toEqual(['第1234行', 1851, new Date(Date.UTC(2024, 0, 1234))]);
  });

  it('stops reading when the loop is left early', async () => {
    const path = join(dir, 'early.xlsx');
    await workbook(path, 3000);
    let taken = 0;
    for await (const row of sheetRows(path)) {
      taken += 1;
      if (row.number === 10) break;
    }
    expect(taken).toBe(10);
  });

  it('fails with UnreadableSheet on a file that is not a workbook', async () => {
    const path = join(dir, 'broken.xlsx');
    writeFileSync(path, 'PK\u0003\u0004 this is not a zip archive');
    const read = async () => {
      for await (const row of sheetRows(path)) expect(row).toBeUndefined();
    };
    await expect(read()).rejects.toBeInstanceOf(UnreadableSheet);
  });
});
