import type { ResourceProps } from '@refinedev/core';
import { captionIn, type CaptionLanguage, type Table } from '../../contract';

/**
 * One Refine resource per table (refine-v5-notes §4): a literal table segment under the
 * `:dataSource` param, so the generic business routes resolve to the right table; labelled with
 * the caption of the UI language.
 */
export const toTableResources = (
  tables: readonly Table[],
  dataSource: string,
  language: CaptionLanguage = 'zh-CN',
): ResourceProps[] =>
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
        label: captionIn(table, language),
        tableName: table.name,
        dataSource,
        systemable: Boolean(table.systemable),
        readOnly: Boolean(table.readOnly),
        canDelete: !table.readOnly,
        table,
      },
    };
  });
