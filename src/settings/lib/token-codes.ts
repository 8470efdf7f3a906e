import { isRoleCode, type Authority, type RoleInfo } from '../../../contract';

/** The permission codes a user may give a token: their authorities less their role codes. */
export const tokenCodeOptions = (
  authorities: readonly Authority[] | undefined,
  roles: readonly Pick<RoleInfo, 'code'>[] | undefined,
): string[] => {
  const roleCodes = new Set((roles ?? []).map((role) => role.code));
  return [
    ...new Set(
      (authorities ?? []).map((a) => a.authority).filter((code) => !roleCodes.has(code) && !isRoleCode(code)),
    ),
  ].sort();
};

/** The ISO expiry of a date picked in the dialog: the end of that day, in the browser's time zone. */
export const expiryOf = (day: { endOf(unit: 'day'): { toISOString(): string } } | null | undefined) =>
  day ? day.endOf('day').toISOString() : null;
