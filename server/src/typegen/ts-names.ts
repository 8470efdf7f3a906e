/** Names and literals of generated TypeScript source (`npm run types`). */

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/** Whether `name` may stand unquoted as a property name (any identifier, reserved words too). */
export const isIdentifier = (name: string): boolean => IDENTIFIER.test(name);

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * A string literal as prettier writes it: single quotes, or double quotes when the text holds more
 * single than double quotes; backslashes, the quote and line breaks escaped.
 */
export const stringLiteral = (text: string): string => {
  const singles = text.split("'").length - 1;
  const doubles = text.split('"').length - 1;
  const quote = singles > doubles ? '"' : "'";
  const body = [...text]
    .map((char) => {
      if (char === quote) return `\\${quote}`;
      const escaped = ESCAPES[char];
      if (escaped) return escaped;
      const code = char.charCodeAt(0);
      return code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : char;
    })
    .join('');
  return `${quote}${body}${quote}`;
};

/** A property name: bare when it is an identifier, else quoted (`'first name'`, `'sales-region'`). */
export const propertyKey = (name: string): string => (isIdentifier(name) ? name : stringLiteral(name));

/** `orderLine` → `OrderLine`, `sales_order` → `SalesOrder`, `2024report` → `T2024report`. */
export const pascalCase = (name: string): string => {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  const joined = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  const ascii = joined.replace(/[^A-Za-z0-9]/g, '');
  if (ascii === '') return 'Table';
  return /^[0-9]/.test(ascii) ? `T${ascii}` : ascii;
};

/**
 * One type name per table name, `<PascalCase>Record`, unique among themselves and `reserved`
 * (two names that differ only in separators or case get `2`, `3`... in the order given).
 */
export const recordTypeNames = (
  names: readonly string[],
  reserved: readonly string[],
): Map<string, string> => {
  const taken = new Set(reserved);
  const result = new Map<string, string>();
  for (const name of names) {
    const base = `${pascalCase(name)}Record`;
    let candidate = base;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}${n}`;
    taken.add(candidate);
    result.set(name, candidate);
  }
  return result;
};

/** Text safe inside a `/** … *\/` comment, on one line. */
export const commentText = (text: string): string =>
  text.replace(/\s+/g, ' ').trim().replaceAll('*/', '*\\/');
