import { format, type Localized, type Params } from './messages';

/** Messages of business data import and multi-table export (docs/api.md §3), Chinese and English. */
export const IMPORT_MESSAGES = {
  notXlsx: {
    zh: '文件不是 Excel（.xlsx）文件',
    en: 'the file is not an Excel (.xlsx) workbook',
  },
  corrupt: {
    zh: 'Excel 文件已损坏或不完整：{reason}',
    en: 'the Excel file is damaged or incomplete: {reason}',
  },
  tooBig: {
    zh: 'Excel 文件解压后超过 {limit}，拒绝导入',
    en: 'the Excel file unpacks to more than {limit}; it was refused',
  },
  sharedStringsTooBig: {
    zh: 'Excel 文件的共享字符串解压后超过 {limit}，拒绝导入',
    en: 'the shared strings of the Excel file unpack to more than {limit}; it was refused',
  },
  sheetTooBig: {
    zh: '工作表的内容展开后超过 {limit}，拒绝导入',
    en: 'the worksheet holds more than {limit} once unpacked; it was refused',
  },
  zipBomb: {
    zh: 'Excel 文件的压缩比异常（{ratio} 倍），拒绝导入',
    en: 'the Excel file is compressed suspiciously well ({ratio}×); it was refused',
  },
  emptySheet: {
    zh: '工作表是空的：第一行应为表头（字段标题或名称）',
    en: 'the sheet is empty: its first row must hold the headers (column captions or names)',
  },
  noRows: { zh: '工作表中没有数据行', en: 'the sheet has no data rows' },
  tooManyRows: {
    zh: '数据行超过上限 {max}，没有导入任何数据',
    en: 'the sheet has more than {max} data rows; nothing was imported',
  },
  unknownHeaders: {
    zh: '表头中有无法识别的列：{names}',
    en: 'these headers match no column of the table: {names}',
  },
  repeatedHeader: {
    zh: '表头 {name} 与其他列对应同一个字段',
    en: 'header {name} names the same column as another header',
  },
  failed: {
    zh: '{count} 行数据有错误，没有导入任何数据',
    en: '{count} row(s) have errors; nothing was imported',
  },
  formulaNoResult: {
    zh: '单元格是没有计算结果的公式（请在 Excel 中保存计算结果或改为值）',
    en: 'the cell holds a formula without a calculated result (save the result in Excel or paste values)',
  },
  cellError: { zh: '单元格是错误值 {value}', en: 'the cell holds the error value {value}' },
  choiceUnknown: {
    zh: '{name} 的值“{value}”不是可选值（可填写值或中英文名称）：{allowed}',
    en: '"{value}" is not an option of {name} (write its value or its Chinese or English caption): {allowed}',
  },
  relationNotFound: {
    zh: '在 {table} 中找不到编号或显示值为“{value}”的记录',
    en: 'no record of {table} has the key or display value "{value}"',
  },
  relationAmbiguous: {
    zh: '{table} 中有多条记录的显示值为“{value}”，请改用编号',
    en: 'several records of {table} show as "{value}"; use the key instead',
  },
  notJson: {
    zh: '文件不是合法的 JSON：{reason}',
    en: 'the file is not valid JSON: {reason}',
  },
  jsonShape: {
    zh: '文件内容应为 {"表名": [记录, ...]}',
    en: 'the file must hold {"table": [records, ...]}',
  },
  notRecord: { zh: '记录应为 JSON 对象', en: 'a record must be a JSON object' },
  relationCycle: {
    zh: '表之间的多对一关系构成循环（{tables}），无法确定导入顺序',
    en: 'the many-to-one relations of {tables} form a cycle; no import order exists',
  },
  unknownTables: { zh: '没有 id 为 {ids} 的表', en: 'there is no table with id {ids}' },
  repeatedTable: { zh: '表 {name} 出现了不止一次', en: 'table {name} appears more than once' },
} as const satisfies Record<string, Localized>;

export type ImportMessageKey = keyof typeof IMPORT_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const importMessage = (key: ImportMessageKey, params: Params = {}): Localized => ({
  zh: format(IMPORT_MESSAGES[key], 'zh', params),
  en: format(IMPORT_MESSAGES[key], 'en', params),
});
