import { existsSync } from 'node:fs';

/**
 * Vitest global setup of the server tests: at the end of a run on a machine without OpenLDAP's
 * slapd, says in one line that the directory sign-in tests were skipped and how to run them.
 */
export default function setup(): () => void {
  return () => {
    // The same path as SLAPD_BINARY in slapd.ts (not imported, so that this stays free of ldapts).
    if (existsSync('/usr/sbin/slapd')) return;
    console.log(
      '\nDirectory sign-in suites were skipped: slapd is not installed; ' +
        'install the Debian packages slapd and ldap-utils (bash .ci/run does) to run them.\n',
    );
  };
}
