/** The path under which lookups about tables keep their cache keys (see metadataQueryKey). */
export const METADATA_TABLES_PATH = '/metadata/tables';

/**
 * Query keys of the metadata screens that still read outside Refine (pickers, graph, designer):
 * everything under `['metadata', path]` is refreshed together by useInvalidateMetadata. The
 * metadata lists themselves read through useMetadataListController.
 */
export const metadataQueryKey = (path: string, dataSource: string, ...rest: unknown[]) => [
  'metadata',
  path,
  dataSource,
  ...rest,
];
