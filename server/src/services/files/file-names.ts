import { randomBytes } from 'node:crypto';
import { DOWNLOAD_PREFIX, isStoredName, STORED_NAME } from '../../../../contract/stored-file';

/** Stored names are server-made: 32 hex characters plus an optional short lowercase extension (the rule is contract's). */
export { DOWNLOAD_PREFIX, isStoredName, STORED_NAME };
export const MD5 = /^[0-9a-f]{32}$/;
/** A partial big upload's directory name: the file's md5 and the id of the user uploading it. */
export const UPLOAD_KEY = /^[0-9a-f]{32}-(0|[1-9][0-9]{0,15})$/;
export const uploadKey = (md5: string, ownerId: number): string => `${md5}-${ownerId}`;
export const MAX_ORIGINAL_NAME = 255;
export const FALLBACK_NAME = 'file';

// C0/C1 controls and the bidirectional overrides / isolates that disguise an extension.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The original file name as kept in the `file` table: no directory part, no control or
 * bidirectional characters, at most 255 characters; `file` when nothing is left.
 */
export const cleanOriginalName = (raw: string | undefined): string => {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_CHARACTERS, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return FALLBACK_NAME;
  return [...cleaned].slice(0, MAX_ORIGINAL_NAME).join('');
};

/** The extension kept on disk: lowercase letters and digits only, 1–10 of them; else none. */
export const safeExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  const extension = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(extension) ? extension : '';
};

/** A new random stored name keeping the safe extension of `originalName`. */
export const newStoredName = (originalName: string): string => {
  const extension = safeExtension(originalName);
  return `${randomBytes(16).toString('hex')}${extension ? `.${extension}` : ''}`;
};

export const downloadUrl = (storedName: string): string => `${DOWNLOAD_PREFIX}${storedName}`;

/** Types a browser may show in place; SVG is not one of them (it can carry script). */
const INLINE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
};

/** How a stored file is served: images and PDF inline with their type, anything else as a download. */
export const servingOf = (storedName: string): { contentType: string; inline: boolean } => {
  const type = INLINE_TYPES[safeExtension(storedName)];
  return type
    ? { contentType: type, inline: true }
    : { contentType: 'application/octet-stream', inline: false };
};

const asciiFallback = (name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return ascii.trim() === '' ? FALLBACK_NAME : ascii;
};

/** RFC 5987 / RFC 6266 `Content-Disposition` carrying the original name. */
export const contentDisposition = (originalName: string, inline: boolean): string => {
  const name = cleanOriginalName(originalName);
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encoded}`;
};

/** Bytes as a short human-readable size (binary units), for messages. */
export const formatBytes = (bytes: number): string => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${units[unit]}`;
};
