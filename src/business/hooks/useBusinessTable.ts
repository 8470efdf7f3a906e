import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Relation, Table } from '../../../contract';
import { useDataProvider, type DataProvider } from '@refinedev/core';
import { parseFormLayouts, parseValueDialogs, type FormLayout, type ValueDialog } from '../lib/business-meta';
import {
  parseStoredWidgets,
  widgetChoices,
  WIDGET_KEYS,
  type StoredWidget,
  type WidgetChoice,
} from '../lib/column-widgets';
import { VALUE_DIALOG_KEY } from '../../designer/lib/column-ext-property';
import { statusOf } from '../../common/lib/http-error';
import {
  getTableByName,
  getTableScreen,
  listColumnProperties,
  listFormLayoutRecords,
  listMyTables,
  listRelationsFromTable,
} from '../../providers/system-records';
import { tableMetadataAccess } from '../../../contract';
import { getUserAccess } from '../../store/session';
import { registeredTablesStore } from '../../resources/useRegisteredTables';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { METADATA_TABLES_PATH, metadataQueryKey } from '../../common/hooks/useMetadataList';

/** Everything the generic business pages need to know about one table. */
export interface BusinessTableMeta {
  table: Table;
  relations: Relation[];
  /** The target tables of the relations, by name. */
  relatedTables: Record<string, Table>;
  layouts: FormLayout[];
  valueDialogs: ValueDialog[];
  /** The input and list cell chosen per column in the designer, by column id (none: built-in). */
  widgets: ReadonlyMap<number, WidgetChoice>;
  /**
   * For a record form: the relations of each sub-table (by its name), so that a sub-table's
   * foreign key to a third table is picked like the main form's; their target tables are in
   * `relatedTables` too.
   */
  subRelations?: Record<string, Relation[]>;
  /**
   * For a reader without `metadata:read`: the relations to tables the user may not read, left out
   * of `relations`; their records show by key (`#11`), with no picker.
   */
  keyRelations?: Relation[];
}

/** The tables a record form embeds: targets of one-to-many and one-to-one (main to sub) relations. */
const subTableNames = (relations: readonly Relation[]): string[] => [
  ...new Set(
    relations
      .filter(
        (relation) => relation.relationType === 'OneToMany' || relation.relationType === 'OneToOneMainToSub',
      )
      .map((relation) => relation.toTable.name)
      .filter((name): name is string => !!name),
  ),
];

/** Whether a table goes by this name (its name, plural name or physical name, in any case). */
export const sameName = (table: Table, name: string): boolean => {
  const lower = name.toLowerCase();
  return [table.name, table.pluralName, table.tableName].some((one) => one?.toLowerCase() === lower);
};

/** The table as `/users/me/table` gave it, for users who may read its records but not the metadata. */
const registeredTable = (name: string): Table | undefined =>
  registeredTablesStore.get().tables.find((table) => sameName(table, name));

/**
 * The providers the lookups go through: records (`/api/business`) and metadata (`/api/metadata`),
 * and the data source they are bound to (crudboard's records about its tables, kept in primary,
 * name it).
 */
export interface MetaProviders {
  records: DataProvider;
  metadata: DataProvider;
  dataSource: string;
  /**
   * Whether the user reads the table's metadata as its reader only (no `metadata:read`): the
   * layouts, value dialogs and inputs then come from the table's screen settings.
   */
  readerOnly?: boolean;
}

const tableNamed = async (providers: MetaProviders, name: string, signal?: AbortSignal): Promise<Table> => {
  try {
    return await getTableByName(providers.metadata, name, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    // Users who may not read the metadata (403) get the table from their own table list; opened
    // by URL before the menu loaded that list, the page asks for it here.
    const forbidden = statusOf(error) === 403;
    const known =
      registeredTable(name) ??
      (forbidden
        ? (await listMyTables(providers.records, signal).catch(() => [] as Table[])).find((table) =>
            sameName(table, name),
          )
        : undefined);
    if (known) return known;
    throw error;
  }
};

/** A lookup whose failure leaves the page usable: logged as a warning, then the fallback. */
const orElse = async <T>(
  load: () => Promise<T>,
  fallback: T,
  what: string,
  signal?: AbortSignal,
): Promise<T> => {
  try {
    return await load();
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`crudboard: ${what} not loaded`, error);
    return fallback;
  }
};

/**
 * docs/product.md §7 loading order: the table by name, its relations, the related tables, the form layouts,
 * then the value dialogs with the inputs and list cells chosen per column.
 */
export const loadBusinessTableMeta = async (
  providers: MetaProviders,
  tableName: string,
  signal?: AbortSignal,
  options: { subRelations?: boolean } = {},
): Promise<BusinessTableMeta> => {
  const table = await tableNamed(providers, tableName, signal);
  const relations = await orElse(
    () => listRelationsFromTable(providers.metadata, table.name, signal),
    [] as Relation[],
    `relations of ${table.name}`,
    signal,
  );
  const targetNames = [
    ...new Set(relations.map((relation) => relation.toTable.name).filter((name): name is string => !!name)),
  ];
  const related = await Promise.all(
    targetNames.map((name) =>
      orElse(() => tableNamed(providers, name, signal), undefined, `table ${name}`, signal),
    ),
  );
  const relatedTables: Record<string, Table> = {};
  targetNames.forEach((name, index) => {
    const found = related[index];
    if (found) relatedTables[name] = found;
  });
  let subRelations: Record<string, Relation[]> | undefined;
  if (options.subRelations) {
    // A record form: the sub-tables' own relations, and the tables they point to.
    const subs = subTableNames(relations).filter((name) => relatedTables[name]);
    const lists = await Promise.all(
      subs.map((name) =>
        orElse(
          () => listRelationsFromTable(providers.metadata, name, signal),
          [] as Relation[],
          `relations of ${name}`,
          signal,
        ),
      ),
    );
    subRelations = Object.fromEntries(subs.map((name, index) => [name, lists[index] ?? []]));
    const third = [
      ...new Set(
        lists
          .flat()
          .map((relation) => relation.toTable.name)
          .filter((name): name is string => !!name && !relatedTables[name] && name !== table.name),
      ),
    ];
    const thirdTables = await Promise.all(
      third.map((name) =>
        orElse(() => tableNamed(providers, name, signal), undefined, `table ${name}`, signal),
      ),
    );
    third.forEach((name, index) => {
      const found = thirdTables[index];
      if (found) relatedTables[name] = found;
    });
    if (relatedTables[table.name] === undefined && lists.flat().some((r) => r.toTable.name === table.name))
      relatedTables[table.name] = table;
  }
  const tableId = table.id;
  if (providers.readerOnly) {
    // A relation whose target the server did not describe: that table is not the user's to read.
    const keyRelations = relations.filter((relation) => !relatedTables[relation.toTable.name ?? '']);
    const screen = await orElse(
      async () => {
        const { formBuilders, extProperties } = await getTableScreen(providers.metadata, table.name, signal);
        return {
          layouts: parseFormLayouts(formBuilders),
          valueDialogs: parseValueDialogs(extProperties),
          widgets: parseStoredWidgets(extProperties),
        };
      },
      { layouts: [] as FormLayout[], valueDialogs: [] as ValueDialog[], widgets: [] as StoredWidget[] },
      'screen settings',
      signal,
    );
    return {
      table,
      relations: relations.filter((relation) => !keyRelations.includes(relation)),
      relatedTables,
      ...(keyRelations.length > 0 ? { keyRelations } : {}),
      layouts: screen.layouts,
      valueDialogs: screen.valueDialogs,
      widgets: widgetChoices(screen.widgets),
      ...(subRelations ? { subRelations } : {}),
    };
  }
  const ref = tableId === undefined ? undefined : { dataSource: providers.dataSource, tableId };
  const layouts =
    ref === undefined
      ? []
      : await orElse(
          async () => parseFormLayouts(await listFormLayoutRecords(providers.records, ref, signal)),
          [] as FormLayout[],
          'form layouts',
          signal,
        );
  // The value dialogs and the chosen widgets are both column extension properties: asked together.
  const [valueDialogs, widgets] =
    ref === undefined
      ? [[], []]
      : await Promise.all([
          orElse(
            async () =>
              parseValueDialogs(
                await listColumnProperties(providers.records, ref, VALUE_DIALOG_KEY, { signal }),
              ),
            [] as ValueDialog[],
            'value dialogs',
            signal,
          ),
          orElse(
            async () =>
              parseStoredWidgets(await listColumnProperties(providers.records, ref, WIDGET_KEYS, { signal })),
            [] as StoredWidget[],
            'column widgets',
            signal,
          ),
        ]);
  return {
    table,
    relations,
    relatedTables,
    layouts,
    valueDialogs,
    widgets: widgetChoices(widgets),
    ...(subRelations ? { subRelations } : {}),
  };
};

/** Whether the signed-in user reads this table's metadata as its reader only (the shared rule). */
const readerOnly = (tableName: string, dataSource: string): boolean => {
  const access = getUserAccess();
  return !access.isSuperAdmin && tableMetadataAccess(access.authorities, tableName, dataSource) === 'reader';
};

/** Under the tables' query key, so that saving a table in the designer refreshes it too. */
export const businessMetaQueryKey = (dataSource: string, tableName: string) =>
  metadataQueryKey(METADATA_TABLES_PATH, dataSource, 'business', tableName);

/**
 * The metadata of a business table for the current data source (docs/product.md §4: loaded first).
 * One query per table, shared by whoever asks: a page loads it again when it opens; a piece inside
 * a page that has it (an extension's slot) passes `staleTime` (e.g. `Infinity`) and reads what the
 * page loaded, with no request of its own (saving the table in the designer still refreshes it).
 */
export const useBusinessTable = (
  tableName: string,
  options: { subRelations?: boolean; staleTime?: number } = {},
): { meta?: BusinessTableMeta; loading: boolean; error?: unknown; reload(): void } => {
  const { dataSource } = useCurrentDataSource();
  const provider = useDataProvider();
  const withSubs = Boolean(options.subRelations);
  const asReader = readerOnly(tableName, dataSource);
  const query = useQuery({
    queryKey: [
      ...businessMetaQueryKey(dataSource, tableName),
      ...(withSubs ? ['form'] : []),
      ...(asReader ? ['reader'] : []),
    ],
    queryFn: ({ signal }) =>
      loadBusinessTableMeta(
        {
          records: provider(),
          metadata: provider('metadata'),
          dataSource,
          readerOnly: asReader,
        },
        tableName,
        signal,
        { subRelations: withSubs },
      ),
    enabled: tableName !== '',
    refetchOnWindowFocus: false,
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
  });
  const { refetch } = query;
  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);
  return {
    meta: query.data,
    loading: query.isLoading,
    error: query.error ?? undefined,
    reload,
  };
};
