/** Characters XML 1.0 does not allow at all (they cannot even be escaped). */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an XML element or attribute: escaped, with invalid characters removed. */
export const xmlText = (value: string): string =>
  value.replace(INVALID_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
