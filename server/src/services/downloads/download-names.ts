import { randomUUID } from 'node:crypto';

/** What an export may produce, with the type it is served as. */
export const DOWNLOAD_TYPES = {
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
} as const;

export type DownloadExtension = keyof typeof DOWNLOAD_TYPES;

/** Server-made download names: a lowercase random UUID and one of the known extensions. */
export const DOWNLOAD_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.keys(DOWNLOAD_TYPES).join('|')})$`,
);

export const DOWNLOAD_PREFIX = '/download/';

export const newDownloadName = (extension: DownloadExtension): string => `${randomUUID()}.${extension}`;

export const isDownloadName = (name: string): boolean => DOWNLOAD_NAME.test(name);

/** The content type of a valid download name. */
export const downloadType = (name: string): string =>
  DOWNLOAD_TYPES[name.slice(name.lastIndexOf('.') + 1) as DownloadExtension] ?? 'application/octet-stream';

export const downloadUrl = (name: string): string => `${DOWNLOAD_PREFIX}${name}`;
