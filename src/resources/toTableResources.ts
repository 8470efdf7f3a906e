import type { ResourceProps } from '@refinedev/core';
import type { Table } from '../../contract';

/**
 * One Refine resource per table (refine-v5-notes §4): a literal table segment under the
 * `:dataSource` param, so the generic business routes resolve to the right table.
 */
export const toTableResources = (tables: readonly Table[], dataSource: string): ResourceProps[] =>
  tables.map((table) => {
    const list = `/dataSource/:dataSource/business/${table.name}`;
    return {
      name: table.name,
      identifier: table.name,
      list,
      create: `${list}/new`,
      edit: `${list}/:id`,
      meta: {
        kind: 'business',
        label: table.caption || table.name,
        tableName: table.name,
        dataSource,
        systemable: Boolean(table.systemable),
        readOnly: Boolean(table.readOnly),
        canDelete: !table.readOnly,
        table,
      },
    };
  });
