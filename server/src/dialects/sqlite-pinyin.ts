import { pinyinSortKey } from './pinyin-sort-key';
import type { SqliteFunctions } from './sqlite-regexp';

/** The SQLite function that gives a text's pinyin sort key (`pinyin-sort-key.ts`). */
export const SQLITE_PINYIN_FUNCTION = 'cb_pinyin_key';

/** Gives a SQLite connection `cb_pinyin_key(text)`, what a list in pinyin order sorts by. */
export const addSqlitePinyin = (connection: SqliteFunctions): void => {
  connection.function(SQLITE_PINYIN_FUNCTION, { deterministic: true }, (value: unknown) =>
    pinyinSortKey(value),
  );
};
