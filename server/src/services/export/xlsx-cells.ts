import type { ExportValue } from './export-value';
import { xmlText } from './xml-text';

/** The letters of the first `count` spreadsheet columns: A … Z, AA, AB, … */
export const columnLetters = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => {
    let name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
      name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    }
    return name;
  });

/** Text keeps its leading and trailing spaces and its line breaks only when marked so. */
const KEEP_SPACE = /^\s|\s$|\n/;

const textCell = (ref: string, text: string, style: string): string =>
  `<c r="${ref}"${style} t="inlineStr"><is><t${KEEP_SPACE.test(text) ? ' xml:space="preserve"' : ''}>${xmlText(text)}</t></is></c>`;

const cell = (ref: string, value: ExportValue, style: string): string => {
  if (value === null) return '';
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style}><v>${value}</v></c>`;
  return textCell(ref, String(value), style);
};

/**
 * One `<row>` of a worksheet. Strings are inline strings (no shared-string table to hold in
 * memory), so a value starting with `=` is text, never a formula; numbers and booleans keep their
 * types; null leaves the cell empty. `style` is a cell format index of the workbook's styles, for
 * the whole row or per column.
 */
export const xlsxRow = (
  rowNumber: number,
  values: readonly ExportValue[],
  letters: readonly string[],
  style: number | readonly number[] = 0,
): string => {
  const attribute = (index: number) => {
    const format = typeof style === 'number' ? style : (style[index] ?? 0);
    return format > 0 ? ` s="${format}"` : '';
  };
  let cells = '';
  values.forEach((value, index) => {
    cells += cell(`${letters[index] ?? ''}${rowNumber}`, value, attribute(index));
  });
  return `<row r="${rowNumber}">${cells}</row>`;
};
