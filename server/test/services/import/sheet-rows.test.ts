import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readerThreadsStarted,
  sheetRows,
  UnreadableSheet,
  type SheetRow,
} from '../../../src/services/import/sheet-rows';

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

  it('keeps a thread that read its sheet to the end for the next sheet, and only such a thread', async () => {
    const path = join(dir, 'kept.xlsx');
    await workbook(path, 600);
    const readAll = async () => {
      const numbers: number[] = [];
      for await (const row of sheetRows(path)) numbers.push(row.number);
      return numbers;
    };
    expect(await readAll()).toHaveLength(601);
    const afterFirst = readerThreadsStarted();
    expect(await readAll()).toHaveLength(601);
    expect(readerThreadsStarted()).toBe(afterFirst);

    // A loop left early stops its thread: the next sheet gets a new one, and reads from its start.
    for await (const row of sheetRows(path)) if (row.number === 3) break;
    const next = await readAll();
    expect(readerThreadsStarted()).toBe(afterFirst + 1);
    expect(next[0]).toBe(1);
    expect(next).toHaveLength(601);

    // So does a file the reader fails on.
    const broken = join(dir, 'broken-again.xlsx');
    writeFileSync(broken, 'PK\u0003\u0004 not a zip archive either');
    await expect(
      (async () => {
        for await (const row of sheetRows(broken)) expect(row).toBeUndefined();
      })(),
    ).rejects.toBeInstanceOf(UnreadableSheet);
    expect(await readAll()).toHaveLength(601);
    expect(readerThreadsStarted()).toBe(afterFirst + 2);
  });

  it('reads two sheets at once on two threads, each getting only its own rows', async () => {
    const small = join(dir, 'small.xlsx');
    const large = join(dir, 'large.xlsx');
    await workbook(small, 700);
    await workbook(large, 1600);
    const read = async (path: string) => {
      const rows: SheetRow[] = [];
      for await (const row of sheetRows(path)) rows.push(row);
      return rows;
    };
    const [a, b] = await Promise.all([read(small), read(large)]);
    expect(a.map((row) => row.number)).toEqual(Array.from({ length: 701 }, (_, n) => n + 1));
    expect(b.map((row) => row.number)).toEqual(Array.from({ length: 1601 }, (_, n) => n + 1));
    expect(b[1600]?.values[1]).toBe('第1600行');
  });

  it('keeps every character of long Chinese texts whole, in shared strings and in the worksheet itself', async () => {
    // Each part is unpacked in 16 KB chunks: these texts put chunk boundaries inside characters.
    const texts = Array.from({ length: 40 }, (_, n) => `${'长文'.repeat(500 + n * 37)}第${n}段😀`);
    const shared = join(dir, 'shared.xlsx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('first');
    sheet.addRow(['text']);
    for (const text of texts) sheet.addRow([text]);
    await book.xlsx.writeFile(shared);
    // exceljs's streaming writer without shared strings writes each text into the worksheet's XML.
    const inline = join(dir, 'inline.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: inline, useSharedStrings: false });
    const written = writer.addWorksheet('first');
    written.addRow(['text']).commit();
    for (const text of texts) written.addRow([text]).commit();
    await writer.commit();
    for (const path of [shared, inline]) {
      const read: unknown[] = [];
      for await (const row of sheetRows(path)) read.push(row.values[1]);
      expect(read.slice(1), path).toHaveLength(texts.length);
      read.slice(1).forEach((text, n) => expect(text === texts[n], `${path} row ${n + 2}`).toBe(true));
    }
  });
});
