import {
  businessPermission,
  ROW_RULE_KEYS,
  type BusinessAction,
  type RowRuleKey,
} from '../../../../contract/index';
import { hasPermission } from '../../auth/permission';

// The keys of `tablePermission.rowRules` (docs/permissions.md): which records an action reaches.
export { ROW_RULE_KEYS, type RowRuleKey };

/** `tablePermission.rowRules` as stored: per key, a list `filter` tree (variables not yet replaced). */
export type RowRuleSet = Partial<Record<RowRuleKey, unknown>>;

/** What one role brings: the codes it grants and its row rules per table id (of one data source). */
export interface RoleRowRules {
  authorities: readonly string[];
  tables: ReadonlyMap<number, RowRuleSet>;
}

/** A stored rule that cannot be read: it lets its role reach no record (never every record). */
export const BROKEN_RULE: unique symbol = Symbol('broken row rule');

/**
 * `tablePermission.rowRules` as stored (JSON text). Empty or null: no rules. Text that is not a
 * JSON object of known keys is kept as a rule matching nothing for every key (written before a
 * check existed, or by hand): a bad rule never opens the table.
 */
export const parseRowRules = (text: unknown): RowRuleSet | null => {
  if (text === null || text === undefined) return null;
  if (typeof text !== 'string') return brokenSet();
  if (text.trim() === '' || text.trim() === 'null') return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return brokenSet();
  }
  if (data === null) return null;
  if (typeof data !== 'object' || Array.isArray(data)) return brokenSet();
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.some(([key]) => !(ROW_RULE_KEYS as readonly string[]).includes(key))) return brokenSet();
  const set: RowRuleSet = {};
  for (const [key, value] of entries) {
    if (value !== null && value !== undefined) set[key as RowRuleKey] = value;
  }
  return Object.keys(set).length > 0 ? set : null;
};

const brokenSet = (): RowRuleSet => Object.fromEntries(ROW_RULE_KEYS.map((key) => [key, BROKEN_RULE]));

/**
 * The rule of `key` on a table for a user whose roles are `roles`, counting the roles that grant
 * `granting` on it (`business:<table>:<granting>`): null when one of them has no such rule (it
 * lets the user reach every record), else the rules of them all, any of which lets a record
 * through (OR). No role granting the action: an empty list (nothing) when one of the roles has such
 * a rule on the table, else null.
 */
export const rowRuleFor = (
  roles: readonly RoleRowRules[],
  table: { id: number; name: string },
  key: RowRuleKey,
  granting: BusinessAction,
  dataSource: string,
): readonly unknown[] | null => {
  // The same roles (kept in memory until they change, loadRowRules) give the same answer: a request
  // asks several times (its page, its total, the owner count), and every request of the user alike.
  let answers = ruleAnswers.get(roles);
  if (!answers) {
    answers = new Map();
    ruleAnswers.set(roles, answers);
  }
  const memo = `${dataSource}\n${table.id}\n${table.name}\n${key}\n${granting}`;
  if (answers.has(memo)) return answers.get(memo) ?? null;
  const answer = ruleOf(roles, table, key, granting, dataSource);
  answers.set(memo, answer === null ? null : Object.freeze(answer));
  return answer;
};

/** rowRuleFor's answers per set of roles (by identity), by table, key, action and data source. */
const ruleAnswers = new WeakMap<readonly RoleRowRules[], Map<string, readonly unknown[] | null>>();

const ruleOf = (
  roles: readonly RoleRowRules[],
  table: { id: number; name: string },
  key: RowRuleKey,
  granting: BusinessAction,
  dataSource: string,
): unknown[] | null => {
  const code = businessPermission(table.name, granting, dataSource);
  const rules: unknown[] = [];
  for (const role of roles) {
    if (!hasPermission(role.authorities, code)) continue;
    const rule = role.tables.get(table.id)?.[key];
    if (rule === undefined) return null;
    rules.push(rule);
  }
  // No role grants the action (a related table embedded in a record, whose access is not the
  // action's): limited only when one of the roles has a rule for it there.
  if (rules.length === 0 && !roles.some((role) => role.tables.get(table.id)?.[key] !== undefined))
    return null;
  return rules;
};
