import { pinyin } from 'pinyin-pro';
import { NAME_PATTERN } from '../../../../contract/reserved-words';
import { nameProblem } from '../tables/name-problem';

const MAX_NAME = 64;
/** Chinese characters (and other CJK ideographs) in a physical name are spelled in pinyin. */
const IDEOGRAPH = /\p{Script=Han}/u;

/** The words of a physical name: runs of letters and digits; a run of Chinese as one pinyin word. */
const wordsOf = (physical: string): string[] =>
  physical
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((part) => part.split(/(\p{Script=Han}+)/u))
    .map((part) =>
      IDEOGRAPH.test(part)
        ? pinyin(part, { toneType: 'none', type: 'array' }).join('')
        : part.normalize('NFKD').replace(/[^A-Za-z0-9]/g, ''),
    )
    .filter((word) => word !== '');

/**
 * A name that can stand in API paths for a physical name that cannot: its words in lower camel
 * case (`Order Details` → `orderDetails`, `sales-order` → `salesOrder`, `客户订单` → `kehudingdan`),
 * `t` before a leading digit, `table` when no word is left.
 */
export const derivedApiName = (physical: string): string => {
  const words = wordsOf(physical);
  const camel = words
    .map((word, i) =>
      i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('');
  const named = camel === '' ? 'table' : /^\d/.test(camel) ? `t${camel}` : camel;
  return named.slice(0, MAX_NAME);
};

/**
 * The API name of a reversed table: its physical name when that is a valid name (docs/api.md §2.1) no
 * other table uses, else a name derived from it (see `derivedApiName`), and when that is taken or
 * reserved, with a suffix (`order` → `order_t`, then `order_t2`...). `taken` holds lower-case names
 * already in use; the chosen one is added to it.
 */
export const apiNameFor = (tableName: string, taken: Set<string>): string => {
  const free = (name: string) => !nameProblem(name, { route: true }) && !taken.has(name.toLowerCase());
  // A name that is already a plain identifier keeps its spelling (only suffixed when taken).
  const derived = NAME_PATTERN.test(tableName) ? tableName : derivedApiName(tableName);
  let name = [tableName, derived].find(free);
  const base = `${derived.slice(0, MAX_NAME - 2)}_t`;
  if (name === undefined && free(base)) name = base;
  for (let n = 2; name === undefined; n += 1) {
    const numbered = `${base.slice(0, MAX_NAME - String(n).length)}${n}`;
    if (free(numbered)) name = numbered;
  }
  taken.add(name.toLowerCase());
  return name;
};
