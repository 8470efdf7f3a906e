/**
 * Vitest global setup of the server tests: at the end of a run without PG_URL / MYSQL_URL, says
 * in one line which databases were not tested and how to test them.
 */
export default function setup(): () => void {
  return () => {
    const missing = [
      process.env.PG_URL ? undefined : 'PostgreSQL (set PG_URL)',
      process.env.MYSQL_URL ? undefined : 'MySQL/MariaDB (set MYSQL_URL)',
    ].filter((name) => name !== undefined);
    if (missing.length === 0) return;
    console.log(
      `\nServer suites on ${missing.join(' and ')} were skipped; ` +
        'see "Development" in README.md, or run bash .ci/run to test all three databases.\n',
    );
  };
}
