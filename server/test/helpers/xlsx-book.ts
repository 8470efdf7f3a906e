import ExcelJS from 'exceljs';

/** An .xlsx file of one sheet holding `rows` (the first one usually the header), as a client uploads it. */
export const xlsxBook = async (
  rows: readonly (readonly unknown[])[],
  sheetName = 'records',
): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
};
