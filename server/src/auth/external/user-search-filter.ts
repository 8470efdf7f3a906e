import { Filter } from 'ldapts';

/** The placeholder of the user search filter that the typed user name replaces. */
export const USERNAME_PLACEHOLDER = '{{username}}';

/**
 * The filter that finds a user's entry: every `{{username}}` of the configured template replaced
 * by the typed user name, escaped as RFC 4515 asks (`*`, `(`, `)`, `\` and NUL as `\2a`, `\28`,
 * `\29`, `\5c`, `\00`), so that the name is only ever compared as a value: `ali*` does not match
 * alice, and `*)(uid=*` adds no filter of its own.
 */
export const userSearchFilter = (template: string, username: string): string =>
  template.split(USERNAME_PLACEHOLDER).join(Filter.escape(username));
