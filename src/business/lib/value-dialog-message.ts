/** The message a value-dialog page posts to hand back a value. */
export const VALUE_MESSAGE_TYPE = 'crudboard:value';

/** The origin of a dialog URL (relative URLs are on the app's origin); null when it is not a URL. */
export const originOf = (url: string, base: string): string | null => {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
};

/**
 * The value a message carries, when it comes from the dialog's origin and has the shape
 * `{type: 'crudboard:value', value}`; otherwise nothing (`found: false`).
 */
export const valueFromMessage = (
  message: { origin: string; data: unknown },
  expectedOrigin: string | null,
): { found: true; value: unknown } | { found: false } => {
  if (expectedOrigin === null || message.origin !== expectedOrigin) return { found: false };
  const data = message.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { found: false };
  const record = data as Record<string, unknown>;
  if (record.type !== VALUE_MESSAGE_TYPE || !Object.hasOwn(record, 'value')) return { found: false };
  return { found: true, value: record.value };
};
