export const PRIMARY_DATA_SOURCE = 'primary';

/**
 * The `meta` of a Refine call that goes to `primary` whatever data source is open: crudboard's own
 * tables (users, roles, layouts, permissions, saved SQL) live there only.
 */
export const IN_PRIMARY = { dataSource: PRIMARY_DATA_SOURCE } as const;

const SEGMENT = /(?:^|\/)dataSource\/([^/?#]+)/;

/** The `:dataSource` segment of a path such as `/crudboard/dataSource/pg/business/orders`. */
export const dataSourceFromPath = (pathname: string): string | undefined => {
  const match = SEGMENT.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
};

/** The current data source: the route's, else the remembered one, else `primary`. */
export const resolveDataSource = (routeParam?: string | null, remembered?: string | null): string =>
  routeParam || remembered || PRIMARY_DATA_SOURCE;
