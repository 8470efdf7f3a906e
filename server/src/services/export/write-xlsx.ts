import ExcelJS from 'exceljs';
import type { ExportValue } from './export-value';

/**
 * Streams rows into an .xlsx file: each row is committed (written out) as soon as it is added, so
 * memory stays flat. Every value is a plain cell value: a string starting with `=` stays a string,
 * never a formula.
 */
export const writeXlsx = async (
  path: string,
  sheetName: string,
  headers: readonly string[],
  rows: AsyncIterable<ExportValue[][]>,
): Promise<number> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'data');
  sheet.addRow([...headers]).commit();
  let count = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      sheet.addRow(row).commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
};
