import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { ExportValue } from './export-value';
import { xmlText } from './xml-text';

export interface XmlField {
  /** The column name: the element name (API names are valid XML names). */
  name: string;
  /** With captions, fields are written as `<field name="caption">` instead. */
  caption?: string;
}

const element = (field: XmlField, value: ExportValue, captions: boolean): string => {
  const text = value === null ? '' : xmlText(String(value));
  return captions
    ? `<field name="${xmlText(field.caption ?? field.name)}">${text}</field>`
    : `<${field.name}>${text}</${field.name}>`;
};

/**
 * Streams rows into an XML file: `<rows><row><col>value</col>…</row>…</rows>`, or with captions
 * `<row><field name="caption">value</field>…</row>`; an empty value is an empty element.
 */
export const writeXml = async (
  path: string,
  fields: readonly XmlField[],
  rows: AsyncIterable<ExportValue[][]>,
  captions: boolean,
): Promise<number> => {
  const out = createWriteStream(path, { flags: 'wx' });
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  let count = 0;
  try {
    await write('<?xml version="1.0" encoding="UTF-8"?>\n<rows>\n');
    for await (const batch of rows) {
      const text = batch
        .map(
          (row) =>
            `<row>${fields.map((field, i) => element(field, row[i] ?? null, captions)).join('')}</row>\n`,
        )
        .join('');
      count += batch.length;
      await write(text);
    }
    await write('</rows>\n');
  } finally {
    out.end();
    await once(out, 'close');
  }
  return count;
};
