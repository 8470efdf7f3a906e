import { appPaths } from './menu';

/** Routes of the table screens (docs/product.md §2) for one data source. */
export const tablePaths = (dataSource: string) => {
  const list = appPaths(dataSource).tables;
  const one = (id: number | string) => `${list}/${encodeURIComponent(String(id))}`;
  return {
    list,
    create: `${list}/new`,
    edit: one,
    indexes: (id: number | string) => `${one(id)}/indexs`,
    formBuilder: (id: number | string) => `${one(id)}/formBuilder`,
    permission: (id: number | string) => `${one(id)}/tablePermission`,
  };
};

/** Routes of the sequence screens (docs/product.md §2) for one data source. */
export const sequencePaths = (dataSource: string) => {
  const list = appPaths(dataSource).sequences;
  return {
    list,
    create: `${list}/new`,
    edit: (id: number | string) => `${list}/${encodeURIComponent(String(id))}`,
  };
};
