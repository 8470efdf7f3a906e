import { MAX_FORMAT_SCALE } from './xlsx-cell-kind';
import { xmlText } from './xml-text';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The path of the one worksheet inside the package. */
export const SHEET_PATH = 'xl/worksheets/sheet1.xml';

/** Cell format of the header row (bold), an index into the styles' cellXfs. */
export const HEADER_STYLE = 1;

/** Characters Excel refuses in a sheet name. */
const NOT_IN_SHEET_NAME = /[[\]:*?/\\]/g;

/**
 * A name Excel accepts for a sheet: at most 31 characters, none of `[ ] : * ? / \`, not starting
 * or ending with an apostrophe, not empty.
 */
export const sheetTitle = (name: string): string => {
  const cleaned = [...name.replace(NOT_IN_SHEET_NAME, '_')]
    .slice(0, 31)
    .join('')
    .replace(/^'+|'+$/g, '')
    .trim();
  return cleaned || 'data';
};

/** Column widths, in characters, between these bounds. */
const MIN_WIDTH = 8;
const MAX_WIDTH = 50;

/** How wide a text shows: CJK and other wide characters take two columns. */
export const displayWidth = (text: string): number =>
  [...text].reduce((width, char) => width + (/[\u1100-\uffff]/.test(char) ? 2 : 1), 0);

/** The worksheet's opening: column widths, the header row frozen at the top, then the rows. */
export const sheetStart = (widths: readonly number[]): string => {
  const cols = widths
    .map((width, index) => {
      const chars = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(width)));
      return `<col min="${index + 1}" max="${index + 1}" width="${chars + 2}" customWidth="1"/>`;
    })
    .join('');
  return (
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
};

export const SHEET_END = '</sheetData></worksheet>';

/** Cell formats (indexes into the styles' cellXfs) of the typed cells of an export. */
export const CELL_STYLES = {
  date: 2,
  datetime: 3,
  time: 4,
  /** Whole numbers in full (never `1.23457E+11`). */
  integer: 5,
  /** A DECIMAL of scale s uses `decimal + s` (scale 0 to MAX_FORMAT_SCALE). */
  decimal: 6,
} as const;

/** Custom number formats: dates, times, and one per decimal scale. */
const NUMBER_FORMATS: [id: number, code: string][] = [
  [164, 'yyyy-mm-dd'],
  [165, 'yyyy-mm-dd hh:mm:ss'],
  [166, 'hh:mm:ss'],
  ...Array.from({ length: MAX_FORMAT_SCALE }, (_, i): [number, string] => [
    170 + i,
    `0.${'0'.repeat(i + 1)}`,
  ]),
];

const xf = (numFmtId: number, fontId = 0) =>
  `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"` +
  `${fontId ? ' applyFont="1"' : ''}${numFmtId ? ' applyNumberFormat="1"' : ''}/>`;

const CELL_XFS = [
  xf(0),
  xf(0, 1),
  xf(164),
  xf(165),
  xf(166),
  xf(1),
  xf(1),
  ...Array.from({ length: MAX_FORMAT_SCALE }, (_, i) => xf(170 + i)),
];

const STYLES =
  `${XML}<styleSheet xmlns="${MAIN}">` +
  `<numFmts count="${NUMBER_FORMATS.length}">` +
  NUMBER_FORMATS.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${code}"/>`).join('') +
  '</numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  `<cellXfs count="${CELL_XFS.length}">${CELL_XFS.join('')}</cellXfs>` +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/**
 * The parts of a one-sheet workbook other than the worksheet itself (content types, relations,
 * workbook, styles), by their paths in the package.
 */
export const workbookParts = (title: string): [path: string, content: string][] => [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      `<Override PartName="/${SHEET_PATH}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
  ],
  [
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
      `<sheets><sheet name="${xmlText(title)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
      '</Relationships>',
  ],
  ['xl/styles.xml', STYLES],
];
