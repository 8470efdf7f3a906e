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
