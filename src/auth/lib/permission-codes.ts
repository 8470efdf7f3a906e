import {
  AUDIT_READ,
  BUSINESS_ACTIONS,
  codesNotHeld,
  mayGrant as grantRule,
  type BusinessAction,
  FLOW_MANAGE,
  SCHEDULE_MANAGE,
  WEBHOOK_MANAGE,
} from '../../../contract';
import type { UserAccess } from './permission';

/** The action columns of the business grid: each action, then `*` (every action). */
export const GRID_ACTIONS: readonly (BusinessAction | '*')[] = [...BUSINESS_ACTIONS, '*'];

/** The fixed codes of docs/api.md §6, by group. */
export const METADATA_CODES = ['metadata:read', 'metadata:write', 'metadata:*'] as const;
export const FILE_CODES = ['file:upload'] as const;
export const SQL_CODES = ['sql:execute'] as const;
/**
 * The system screens: the audit log, the webhooks (and their deliveries), the schedules and the
 * flows (and their runs).
 */
export const SYSTEM_CODES = [AUDIT_READ, WEBHOOK_MANAGE, SCHEDULE_MANAGE, FLOW_MANAGE] as const;

/** One row of the business grid: a table (or `*`, every table) and its code per action. */
export interface BusinessCodeRow {
  table: string;
  caption?: string;
  codes: Record<BusinessAction | '*', string>;
}

/** The codes of a comma-separated text: trimmed, blanks and repeats dropped, in order. */
export const parseCodes = (text: unknown): string[] =>
  typeof text === 'string' ? [...new Set(text.split(',').map((code) => code.trim()))].filter(Boolean) : [];

export const joinCodes = (codes: readonly string[]): string => codes.join(',');

/** The codes with `code` ticked or unticked (added at the end, others kept in place). */
export const withCode = (codes: readonly string[], code: string, on: boolean): string[] => {
  const rest = codes.filter((existing) => existing !== code);
  return on ? [...rest, code] : rest;
};

/**
 * The grid rows: `*` first, then the business tables by name, then the system tables by name (a
 * table named twice shows once).
 */
export const businessCodeRows = (
  tables: readonly { name: string; caption?: string | null; systemable?: boolean }[],
): BusinessCodeRow[] => {
  const row = (table: string, caption?: string): BusinessCodeRow => ({
    table,
    ...(caption ? { caption } : {}),
    codes: Object.fromEntries(
      GRID_ACTIONS.map((action) => [action, `business:${table}:${action}`]),
    ) as Record<BusinessAction | '*', string>,
  });
  const seen = new Set<string>();
  const rows = [row('*')];
  for (const table of [...tables].sort(
    (a, b) => Number(Boolean(a.systemable)) - Number(Boolean(b.systemable)) || a.name.localeCompare(b.name),
  )) {
    if (seen.has(table.name) || table.name === '*') continue;
    seen.add(table.name);
    rows.push(row(table.name, table.caption ?? undefined));
  }
  return rows;
};

/** Codes that no checkbox shows (other tables, unusual wildcards): kept and listed apart. */
export const otherCodes = (
  codes: readonly string[],
  rows: readonly BusinessCodeRow[],
  /** More codes with a checkbox (the extensions' `ext:<name>:<verb>`). */
  extra: readonly string[] = [],
): string[] => {
  const shown = new Set<string>([
    ...extra,
    ...METADATA_CODES,
    ...FILE_CODES,
    ...SQL_CODES,
    ...SYSTEM_CODES,
    ...rows.flatMap((row) => Object.values(row.codes)),
  ]);
  return codes.filter((code) => !shown.has(code));
};

/**
 * Whether the signed-in user may grant a code, by the grant rule the server applies (contract
 * `mayGrant`): the super admin may grant anything, others only codes their own authorities cover,
 * and never the super-admin role.
 */
export const mayGrant = (access: UserAccess, code: string): boolean =>
  grantRule(access.authorities, code, access.isSuperAdmin);

/** The codes an edit from `previous` to `next` grants that the signed-in user does not hold. */
export const notHeldCodes = (access: UserAccess, previous: unknown, next: unknown): string[] =>
  codesNotHeld(access.authorities, previous, next, access.isSuperAdmin);
