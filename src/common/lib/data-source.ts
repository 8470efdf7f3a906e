/**
 * The data source of a page or a call: rules of crudboard's client, which live in
 * packages/client/src/lib/data-source.ts (`@crudboard/client`).
 */
export { dataSourceFromPath, IN_PRIMARY, PRIMARY_DATA_SOURCE, resolveDataSource } from '@crudboard/client';
