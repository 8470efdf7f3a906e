import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../contract';
import { useCaption, useWellKnownNames } from '../../common/hooks/useCaption';
import { businessColumns } from '../components/businessColumns';
import { HistoryValue } from '../components/HistoryValue';
import type { BusinessTableMeta } from './useBusinessTable';
import type { BusinessRecord } from '../lib/business-record';
import { captionSourceOf, relationsByColumn } from '../lib/business-cells';

/** A column's name and one value it held. */
export type StoredValue = readonly [column: string, value: unknown];

const keysOf = (value: unknown): string[] =>
  value === null || value === undefined || value === ''
    ? []
    : String(value)
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== '');

/**
 * How stored values (a revision's old and new values, a deleted record's last ones) read on screen:
 * each column by its caption, each value as the list shows it, a related record by its title (one
 * request per related table for all the keys of `values`).
 */
export const useStoredValues = (meta: BusinessTableMeta, values: readonly StoredValue[]) => {
  const { t } = useTranslation();
  const caption = useCaption();
  const wellKnown = useWellKnownNames();
  const { table } = meta;
  const columnsByName = useMemo(() => new Map(table.columns.map((c) => [c.name, c])), [table.columns]);
  const relations = useMemo(() => relationsByColumn(meta.relations), [meta.relations]);
  const labels = useMemo(
    () => ({
      yes: t('common.yes'),
      no: t('common.no'),
      view: t('businessList.view'),
      userName: wellKnown.userName,
    }),
    [t, wellKnown.userName],
  );
  const names = useMemo(() => [...new Set(values.map(([name]) => name))].sort().join('\n'), [values]);
  const renderers = useMemo(() => {
    const known = names
      .split('\n')
      .map((name) => columnsByName.get(name))
      .filter((c): c is Column => c !== undefined);
    const built = businessColumns(meta, known, labels, caption);
    return new Map(
      built.map((spec, index) => {
        const render = spec.render as
          ((value: unknown, row: BusinessRecord, at: number) => ReactNode) | undefined;
        const name = known[index]?.name ?? '';
        return [
          name,
          (value: unknown) => (render ? render(value, { [name]: value }, 0) : String(value)),
        ] as const;
      }),
    );
  }, [names, columnsByName, meta, labels, caption]);
  // every key of each related table the values name, for one title request per table
  const relatedKeys = useMemo(() => {
    const keys = new Map<string, Set<string>>();
    for (const [name, value] of values) {
      const tableName = relations.get(name)?.toTable.name;
      if (!tableName) continue;
      const set = keys.get(tableName) ?? new Set<string>();
      for (const key of keysOf(value)) set.add(key);
      keys.set(tableName, set);
    }
    return new Map([...keys].map(([name, set]) => [name, [...set].sort()]));
  }, [values, relations]);

  const captionOf = useCallback(
    (name: string): string => {
      const found = columnsByName.get(name);
      return found ? caption(captionSourceOf(found, relations.get(name))) : name;
    },
    [columnsByName, caption, relations],
  );
  const valueOf = (name: string, value: unknown): ReactNode => {
    const found = columnsByName.get(name);
    if (!found) return String(value ?? '');
    const relation = relations.get(name);
    const relatedTable = relation ? meta.relatedTables[relation.toTable.name ?? ''] : undefined;
    return (
      <HistoryValue
        value={value}
        column={found}
        render={renderers.get(name) ?? ((v) => String(v))}
        relation={relation}
        relatedTable={relatedTable}
        relatedKeys={relation ? relatedKeys.get(relation.toTable.name ?? '') : undefined}
      />
    );
  };
  return { captionOf, valueOf };
};
