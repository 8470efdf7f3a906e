/** The MySQL / MariaDB error number of a driver error, if it has one. */
export const errnoOf = (error: unknown): number | undefined => {
  const errno = (error as { errno?: unknown }).errno;
  return typeof errno === 'number' ? errno : undefined;
};

/** ER_NO_SUCH_TABLE: the statement names a table that does not exist. */
export const isNoSuchTable = (error: unknown): boolean => errnoOf(error) === 1146;
