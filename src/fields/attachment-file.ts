/** Pure rules of an ATTACHMENT value (a stored file's URL such as `/download/files/<name>.png`). */

/** Extensions a browser shows as a picture; SVG is left out (it can carry script). */
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);

const pathOf = (url: string): string => url.split(/[?#]/)[0] ?? '';

/** The name shown for a stored file: the last part of its URL's path, decoded; the URL when it has none. */
export const attachmentName = (url: string): string => {
  const last = pathOf(url).split('/').filter(Boolean).pop();
  if (!last) return url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/** Whether the stored file is a picture (by its extension), so the form can show a thumbnail. */
export const isImageAttachment = (url: string): boolean => {
  const name = attachmentName(url);
  const dot = name.lastIndexOf('.');
  return dot > 0 && IMAGE_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
};

/** A stored value as a URL, or undefined for none (null, blank, not a string). */
export const attachmentUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** What failed, in words for the user: the server's message, or undefined when no answer came (network). */
export const uploadFailureMessage = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { statusCode, message } = error as { statusCode?: unknown; message?: unknown };
  if (typeof statusCode !== 'number' || statusCode === 0) return undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
};
