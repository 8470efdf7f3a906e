const HAN = /\p{Script=Han}/u;
const LATIN = /[\p{Script=Latin}0-9]/u;

/** Whether two neighbouring characters are one Chinese and one Latin letter or digit. */
const needsSpace = (left: string | undefined, right: string | undefined): boolean =>
  left !== undefined &&
  right !== undefined &&
  ((HAN.test(left) && LATIN.test(right)) || (LATIN.test(left) && HAN.test(right)));

/**
 * A sentence around a name with a space where Chinese text meets a Latin name (`编辑 student`,
 * `编辑学生`, `Edit student`): only at the name's two ends, never inside the name or the sentence.
 */
export const spacedAround = (before: string, name: string, after: string): string => {
  const head = needsSpace(before.at(-1), name.at(0)) ? `${before} ` : before;
  const tail = needsSpace(name.at(-1), after.at(0)) ? ` ${after}` : after;
  return `${head}${name}${tail}`;
};

const MARK = '\u0000';

/**
 * A translated sentence holding a name (`render` puts its argument where the name goes), spaced
 * as `spacedAround` says; a sentence that does not hold the name once is rendered as it is.
 */
export const withName = (render: (name: string) => string, name: string): string => {
  const parts = render(MARK).split(MARK);
  if (parts.length !== 2) return render(name);
  return spacedAround(parts[0] ?? '', name, parts[1] ?? '');
};
