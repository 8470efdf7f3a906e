import type { ResourceProps } from '@refinedev/core';

const METADATA = '/dataSource/:dataSource/metadata';

/** The metadata screens as Refine resources (served by the `metadata` data provider). */
export const staticResources: ResourceProps[] = [
  {
    name: 'tables',
    identifier: 'metadata.tables',
    list: `${METADATA}/tables`,
    create: `${METADATA}/tables/new`,
    edit: `${METADATA}/tables/:id`,
    meta: { kind: 'metadata', dataProviderName: 'metadata', labelKey: 'screens.tables' },
  },
  {
    name: 'sequences',
    identifier: 'metadata.sequences',
    list: `${METADATA}/sequences`,
    create: `${METADATA}/sequences/new`,
    edit: `${METADATA}/sequences/:id`,
    meta: { kind: 'metadata', dataProviderName: 'metadata', labelKey: 'screens.sequences' },
  },
  {
    name: 'tablerelations',
    identifier: 'metadata.relations',
    list: `${METADATA}/relations`,
    create: `${METADATA}/relations/new`,
    edit: `${METADATA}/relations/:id`,
    meta: { kind: 'metadata', dataProviderName: 'metadata', labelKey: 'screens.relations' },
  },
  {
    name: 'sqls',
    identifier: 'metadata.sqls',
    create: `${METADATA}/sqls/new`,
    meta: { kind: 'sql', dataProviderName: 'metadata', labelKey: 'screens.sqlNew' },
  },
];
