/** `orderLine` → `orderLines`, `category` → `categories`, `box` → `boxes`. */
export const suggestPluralName = (name: string): string => {
  const text = name.trim();
  if (!text) return '';
  if (/[^aeiou]y$/i.test(text)) return `${text.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(text)) return `${text}es`;
  return `${text}s`;
};

/** `orderLine` → `order_line`, `HTTPLog` → `http_log`: the physical table name. */
export const suggestTableName = (name: string): string =>
  name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .toLowerCase();

export interface DerivedNames {
  pluralName: string;
  tableName: string;
}

export interface TouchedNames {
  pluralName: boolean;
  tableName: boolean;
}

/**
 * After the object name changes, the plural and physical names follow it while the user has not
 * typed into them (touched fields keep what the user typed).
 */
export const deriveNames = (name: string, current: DerivedNames, touched: TouchedNames): DerivedNames => ({
  pluralName: touched.pluralName ? current.pluralName : suggestPluralName(name),
  tableName: touched.tableName ? current.tableName : suggestTableName(name),
});
