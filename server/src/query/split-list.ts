/** Items of a comma list, trimmed, blanks dropped: `a, b,,c` → `['a', 'b', 'c']`. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
