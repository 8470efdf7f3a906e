import { appPaths } from './menu';

/** Routes of the relation screens (docs/product.md §2) for one data source. */
export const relationPaths = (dataSource: string) => {
  const list = appPaths(dataSource).relations;
  return {
    list,
    create: `${list}/new`,
    graph: `${list}/graph`,
    edit: (id: number | string) => `${list}/${encodeURIComponent(String(id))}`,
  };
};

/** Routes of the reverse, import and SQL screens (docs/product.md §2) for one data source. */
export const metadataToolPaths = (dataSource: string) => {
  const paths = appPaths(dataSource);
  return {
    reverse: `${paths.tables}/reverse`,
    import: `${paths.tables}/import`,
    sql: paths.sqls,
  };
};
