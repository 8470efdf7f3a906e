/**
 * A role's code becomes an authority of its users, so it is never a permission code or a wildcard:
 * `ROLE_` then 1 to 59 letters, digits or underscores. The server refuses any other code; the role
 * form says so as the code is typed.
 */
export const ROLE_CODE_PATTERN = /^ROLE_[A-Za-z0-9_]{1,59}$/;

/** Whether `code` is a valid role code (see ROLE_CODE_PATTERN). */
export const isRoleCode = (code: string): boolean => ROLE_CODE_PATTERN.test(code);
