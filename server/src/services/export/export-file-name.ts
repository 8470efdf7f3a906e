import { dateTimeText } from '../../db/clock';
import type { DownloadExtension } from '../downloads/download-names';

/** Characters file systems refuse in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const NOT_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
const MAX_TITLE = 100;

/**
 * The name an export is saved as: the table's caption (else its name) and the day, in the server's
 * time zone: `产品-2026-11-25.xlsx`. The download URL stays random.
 */
export const exportFileName = (title: string, extension: DownloadExtension, now: Date): string => {
  const cleaned = [...title.replace(NOT_IN_FILE_NAME, '_').trim()].slice(0, MAX_TITLE).join('');
  return `${cleaned || 'export'}-${dateTimeText(now).slice(0, 10)}.${extension}`;
};
