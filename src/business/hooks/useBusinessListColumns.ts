import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { titleColumnOf, type Column } from '../../../contract';
import { useCaption, useWellKnownNames } from '../../common/hooks/useCaption';
import { useElementWidth } from '../../common/hooks/useElementWidth';
import { useScreenLayout } from '../../common/hooks/useScreenLayout';
import { useListColumnChoice } from '../../store/useListColumnChoice';
import { businessColumns } from '../components/businessColumns';
import type { CardField } from '../components/RecordCards';
import { ROW_ACTIONS_WIDTH } from '../components/RowActions';
import { captionSourceOf, relationsByColumn } from '../lib/business-cells';
import type { BusinessRecord } from '../lib/business-record';
import { cardFields } from '../lib/card-fields';
import { fitListColumns } from '../lib/fit-list-columns';
import { lastChangeText } from '../lib/last-change';
import { chooserColumns, listCellWidth, parseChosenColumns, visibleListColumns } from '../lib/list-columns';
import type { BusinessListActions } from './useBusinessListActions';
import { useLatestChanges } from './useLatestChanges';

/** Width of the row-selection column. */
export const SELECTION_WIDTH = 48;

/**
 * The generic list's columns: the ones offered and chosen (the choice is remembered per user,
 * table and data source), those that fit the list's measured width until the user chooses, their
 * cells, the fields of a phone's record cards, the orders a phone offers beside the cards, and the
 * "changed by X at T" hint of a row (one request a page). Give `measure` as the list's `ref`.
 */
export const useBusinessListColumns = ({ tableName, meta, list, rights }: BusinessListActions) => {
  const { t } = useTranslation();
  const caption = useCaption();
  const { table } = meta;
  const { canKey, keepsHistory } = rights;
  const { dataSource, keyOf } = list;
  const { phone } = useScreenLayout();
  // "changed by X at T" when the pointer rests on a row (a phone has no pointer): one request a page
  const pageKeys = useMemo(() => (canKey ? list.rows.map(keyOf) : []), [canKey, list.rows, keyOf]);
  const recording = keepsHistory && table.historyMode !== 'off';
  const latest = useLatestChanges(tableName, pageKeys, dataSource, recording && !phone);
  const rowHint = useCallback(
    (record: BusinessRecord) => {
      const change = canKey ? latest.get(keyOf(record)) : undefined;
      return change ? { title: lastChangeText(change, t, t('businessList.lastChange.unknownUser')) } : {};
    },
    [canKey, latest, keyOf, t],
  );
  const [measure, listWidth] = useElementWidth<HTMLDivElement>();

  const [storedColumns, chooseColumns] = useListColumnChoice(dataSource, tableName);
  const offered = useMemo(() => chooserColumns(table, meta.layouts), [table, meta.layouts]);
  const visible = useMemo(
    () => visibleListColumns(table, meta.layouts, parseChosenColumns(storedColumns)),
    [table, meta.layouts, storedColumns],
  );

  const wellKnown = useWellKnownNames();
  const labels = useMemo(
    () => ({
      yes: t('common.yes'),
      no: t('common.no'),
      view: t('businessList.view'),
      userName: wellKnown.userName,
    }),
    [t, wellKnown.userName],
  );
  const relationOf = useMemo(() => relationsByColumn(meta.relations), [meta.relations]);
  const columnCaption = useCallback(
    (column: Column) => caption(captionSourceOf(column, relationOf.get(column.name))),
    [caption, relationOf],
  );
  const titleName = useMemo(() => titleColumnOf(table), [table]);
  // Until the user chooses columns, a window too narrow for the default ones shows the title column
  // and those that fit after it, in order; 列 shows the others again (and remembers the choice).
  const reserved = ROW_ACTIONS_WIDTH + (canKey ? SELECTION_WIDTH : 0);
  const shown = useMemo(
    () =>
      storedColumns === null && listWidth !== undefined && !phone
        ? fitListColumns(visible, listWidth - reserved, listCellWidth, titleName)
        : visible,
    [storedColumns, listWidth, phone, visible, reserved, titleName],
  );
  const { sorters } = list;
  const dataColumns = useMemo(
    () => businessColumns(meta, shown, labels, caption, sorters),
    [meta, shown, labels, caption, sorters],
  );
  // As wide as the columns need at least; a wider screen shares the rest out, so no sideways scroll.
  const tableWidth = shown.reduce((sum, column) => sum + listCellWidth(column), 0) + reserved;

  // On a phone: a card per record, headed by its title, with a few of the list's columns.
  const cardColumns = useMemo<CardField[]>(() => {
    const renders = new Map(dataColumns.map((column) => [column.key, column]));
    return cardFields(shown, titleName, table.primaryNames ?? []).map((column) => {
      const render = renders.get(column.name)?.render;
      return {
        key: column.name,
        title: columnCaption(column),
        render: (value, record, index) =>
          render ? (render(value, record, index) as ReactNode) : String(value ?? ''),
      };
    });
  }, [dataColumns, shown, titleName, table.primaryNames, columnCaption]);
  // Cards have no column headers: the columns a header could sort by are offered beside them.
  const sortOptions = useMemo(
    () =>
      dataColumns.flatMap((column) =>
        column.sorter && typeof column.key === 'string'
          ? [{ value: column.key, label: column.title as ReactNode }]
          : [],
      ),
    [dataColumns],
  );

  return {
    /** Whether the records show as cards (a phone) rather than a table. */
    phone,
    /** The list's `ref`: its width decides which columns fit. */
    measure,
    offered,
    /** The chosen (or default) columns, in order: what an export of the shown columns writes. */
    visible,
    /** Those of them shown now. */
    shown,
    chooseColumns,
    columnCaption,
    dataColumns,
    tableWidth,
    cardColumns,
    sortOptions,
    rowHint,
  };
};

export type BusinessListColumns = ReturnType<typeof useBusinessListColumns>;
