import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportValue } from '../../../src/services/export/export-value';
import { writeXlsx } from '../../../src/services/export/write-xlsx';
import { checkXlsxArchive, isStreamable } from '../../../src/services/import/xlsx-archive';

async function* batches(rows: ExportValue[][], size: number): AsyncGenerator<ExportValue[][]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** The first sheet's rows as the import reads them: exceljs's streaming reader. */
const streamedRows = async (path: string): Promise<unknown[][]> => {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: unknown[][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      rows.push(Array.isArray(row.values) ? row.values.slice(1) : []);
    }
    break;
  }
  return rows;
};

describe('writeXlsx', () => {
  const dirs: string[] = [];
  const file = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'write-xlsx-'));
    dirs.push(dir);
    return join(dir, name);
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes a workbook both exceljs readers read back value for value, in streamable order', async () => {
    const headers = ['名称', 'amount', 'done', 'note', ...Array.from({ length: 26 }, (_, i) => `c${i}`)];
    const tail = Array.from({ length: 26 }, (_, i): ExportValue => i);
    const rows: ExportValue[][] = [
      ['杭州 <物流> & "快递"', 12.5, true, '=SUM(A1:A2)', ...tail],
      ['  leading and trailing  ', -3, false, 'line 1\nline 2', ...tail],
      [null, 0, null, "it's <img src=x onerror=alert(1)>", ...tail],
      ['bell\u0007 gone', 1e21, true, '🙂 emoji', ...tail],
    ];
    const many = Array.from({ length: 2500 }, (_, i): ExportValue[] => [`row ${i}`, i, i % 2 === 0, null]);
    const path = file('out.xlsx');

    const count = await writeXlsx(
      path,
      'Orders: 2026/11 [main]*?',
      headers,
      batches([...rows, ...many], 1000),
    );

    expect(count).toBe(rows.length + many.length);
    expect(isStreamable(await checkXlsxArchive(path))).toBe(true);
    const streamed = await streamedRows(path);
    expect(streamed).toHaveLength(1 + rows.length + many.length);
    expect(streamed[0]).toEqual(headers);
    const expected = (row: ExportValue[]) =>
      row.map((value) => (typeof value === 'string' ? value.replace('\u0007', '') : (value ?? undefined)));
    rows.forEach((row, index) => expect(streamed[index + 1]).toEqual(expected(row)));
    expect(streamed.at(-1)).toEqual(['row 2499', 2499, false]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const [sheet] = workbook.worksheets;
    expect(sheet?.name).toBe('Orders_ 2026_11 _main___');
    expect(sheet?.getCell('A2').value).toBe('杭州 <物流> & "快递"');
    expect(sheet?.getCell('D2').value).toBe('=SUM(A1:A2)');
    expect(sheet?.getCell('D2').formula).toBeUndefined();
    expect(sheet?.getCell('AD1').value).toBe('c25');
    expect(sheet?.getCell('A1').font?.bold).toBe(true);
    expect(sheet?.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('writes a header-only sheet (the import template) and names an unnamed sheet', async () => {
    const path = file('template.xlsx');
    expect(await writeXlsx(path, "''", ['a', 'b'], batches([], 10))).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets[0]?.name).toBe('data');
    expect(await streamedRows(path)).toEqual([['a', 'b']]);
  });

  it('rejects, without hanging, when reading the rows fails part way', async () => {
    const path = file('broken.xlsx');
    async function* failing(): AsyncGenerator<ExportValue[][]> {
      yield [['first', 1]];
      throw new Error('the database went away');
    }
    await expect(writeXlsx(path, 'x', ['a', 'b'], failing())).rejects.toThrow('the database went away');
  });

  it('rejects when the file cannot be written', async () => {
    const path = join(file('unused'), 'missing-dir', 'out.xlsx');
    await expect(writeXlsx(path, 'x', ['a'], batches([['v']], 1))).rejects.toThrow(/ENOENT/);
    expect(existsSync(path)).toBe(false);
  });
});
