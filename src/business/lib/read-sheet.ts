/**
 * The first worksheet of an .xlsx as rows of cell values (row 0 the header), read in the browser
 * with exceljs, which is loaded only when a workbook is chosen.
 */
export const readSheet = async (file: Blob): Promise<unknown[][]> => {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const values = row.values as unknown[];
    // exceljs rows are 1-based: index 0 is empty.
    rows[number - 1] = values.slice(1);
  });
  return Array.from(rows, (row) => row ?? []);
};
