export const PRIMARY_DATA_SOURCE = 'primary';

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
