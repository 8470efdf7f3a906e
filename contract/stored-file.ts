/** Where uploaded files are served from; an ATTACHMENT value is this prefix and a stored name. */
export const DOWNLOAD_PREFIX = '/download/files/';

/** A name the server gives a stored file: 32 hex digits and the original extension, if any. */
export const STORED_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;

export const isStoredName = (name: string): boolean => STORED_NAME.test(name);

/**
 * The stored name an ATTACHMENT value names when it is one of crudboard's uploads
 * (`/download/files/<stored name>`), else undefined (an outside link, an old value).
 */
export const storedNameOf = (url: string): string | undefined => {
  if (!url.startsWith(DOWNLOAD_PREFIX)) return undefined;
  const name = url.slice(DOWNLOAD_PREFIX.length);
  return isStoredName(name) ? name : undefined;
};

const ABSOLUTE_DOWNLOAD = /^https?:\/\/[^/?#\s]+(\/download\/files\/[^/?#\s]+)$/i;

/**
 * An ATTACHMENT value as an export writes it: one of crudboard's uploads as an absolute link on
 * `origin` (the address the user reached crudboard at), so the sheet's link opens outside the app;
 * anything else as it is.
 */
export const absoluteAttachmentUrl = (value: string, origin: string): string =>
  storedNameOf(value) ? `${origin.replace(/\/+$/, '')}${value}` : value;

/**
 * An ATTACHMENT value as an import stores it: an absolute link to an upload (what an export wrote)
 * back to the stored form `/download/files/<stored name>`; anything else as it is.
 */
export const storedAttachmentValue = (text: string): string => {
  const path = ABSOLUTE_DOWNLOAD.exec(text.trim())?.[1];
  return path && storedNameOf(path) ? path : text;
};
