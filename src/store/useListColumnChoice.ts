import { useCallback, useState } from 'react';
import { createKeyStorage } from '@crudboard/client';
import { APP_STORAGE_PREFIX } from './preferences';
import { appSession } from './session';

const storage = createKeyStorage(APP_STORAGE_PREFIX);

/** The localStorage key of the columns a user chose for one table's list (per data source). */
export const listColumnsKey = (username: string, dataSource: string, table: string): string =>
  `listColumns:${username}:${dataSource}:${table}`;

/**
 * The list columns the signed-in user chose for a table, as stored (JSON text of names, null when
 * none), and a setter that remembers a choice or, given null, forgets it (back to the defaults).
 */
export const useListColumnChoice = (
  dataSource: string,
  table: string,
): [string | null, (names: readonly string[] | null) => void] => {
  const key = listColumnsKey(appSession.getUserInfo()?.username ?? '', dataSource, table);
  const [stored, setStored] = useState<{ key: string; text: string | null }>(() => ({
    key,
    text: storage.read(key),
  }));
  const text = stored.key === key ? stored.text : storage.read(key);
  const choose = useCallback(
    (names: readonly string[] | null) => {
      const next = names ? JSON.stringify(names) : null;
      if (next === null) storage.remove(key);
      else storage.write(key, next);
      setStored({ key, text: next });
    },
    [key],
  );
  return [text, choose];
};
