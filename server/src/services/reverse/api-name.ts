import { nameProblem } from '../tables/name-problem';

const MAX_NAME = 64;

/**
 * The API name of a reversed table: its physical name when that is a valid name (docs/api.md §2.1) no
 * other table uses, else the physical name with a suffix (`order` → `order_t`, then `order_t2`...).
 * `taken` holds lower-case names already in use; the chosen one is added to it.
 */
export const apiNameFor = (tableName: string, taken: Set<string>): string => {
  const free = (name: string) => !nameProblem(name, { route: true }) && !taken.has(name.toLowerCase());
  let name = free(tableName) ? tableName : undefined;
  const base = `${tableName.slice(0, MAX_NAME - 2)}_t`;
  if (name === undefined && free(base)) name = base;
  for (let n = 2; name === undefined; n += 1) {
    const numbered = `${base.slice(0, MAX_NAME - String(n).length)}${n}`;
    if (free(numbered)) name = numbered;
  }
  taken.add(name.toLowerCase());
  return name;
};
