import { describe, expect, it } from 'vitest';
import { ApiException } from '../../../src/errors/api-exception';
import { compileRowRule, NOTHING } from '../../../src/services/permissions/compile-row-rule';
import { BROKEN_RULE, parseRowRules, rowRuleFor } from '../../../src/services/permissions/row-rules';
import { variableValues, type RuleVariables } from '../../../src/services/permissions/row-rule-variables';
import { grantingAction, rowConditionOf, type RowScope } from '../../../src/services/permissions/row-scope';
import { ruleTableOf } from '../../../src/services/permissions/rule-table';
import { validateRowRules } from '../../../src/services/permissions/validate-row-rules';
import { ORDER_COLUMNS, stored, tableOf } from '../items/fixtures';

const orders = tableOf('orders', [...ORDER_COLUMNS, stored('region', 'VARCHAR', { length: 20 })]);
const query = ruleTableOf(orders).query;
const OWN = { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] };
const vars: RuleVariables = {
  user: { id: 7, username: 'alice', region: 'north', empty: null },
  roles: ['ROLE_SALES', 'ROLE_EAST'],
  now: new Date('2026-01-02T03:04:05Z'),
};

const refusal = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiException);
    return JSON.stringify((error as ApiException).errors);
  }
  throw new Error('not refused');
};

describe('parseRowRules', () => {
  it('reads the stored rules, none for empty text or null', () => {
    expect(parseRowRules(null)).toBeNull();
    expect(parseRowRules('')).toBeNull();
    expect(parseRowRules('null')).toBeNull();
    expect(parseRowRules('{}')).toBeNull();
    expect(parseRowRules(JSON.stringify({ read: OWN, delete: null }))).toEqual({ read: OWN });
  });

  it('keeps unreadable rules as rules that let nothing through, never as no rule', () => {
    for (const text of ['{oops', '[1]', '"read"', JSON.stringify({ view: OWN }), 42]) {
      const set = parseRowRules(text);
      expect(set?.read, String(text)).toBe(BROKEN_RULE);
      expect(set?.create, String(text)).toBe(BROKEN_RULE);
    }
  });
});

describe('rowRuleFor', () => {
  const table = { id: orders.id, name: 'orders' };
  const sales = { authorities: ['business:orders:read'], tables: new Map([[orders.id, { read: OWN }]]) };
  const viewer = { authorities: ['business:orders:read'], tables: new Map() };
  const creator = { authorities: ['business:orders:create'], tables: new Map() };

  it('ORs the rules of the roles granting the action; one granting role without a rule opens it', () => {
    expect(rowRuleFor([sales], table, 'read', 'read', 'primary')).toEqual([OWN]);
    expect(rowRuleFor([sales, viewer], table, 'read', 'read', 'primary')).toBeNull();
    expect(rowRuleFor([sales, sales], table, 'read', 'read', 'primary')).toEqual([OWN, OWN]);
  });

  it('does not count a role that does not grant the action', () => {
    expect(rowRuleFor([sales, creator], table, 'read', 'read', 'primary')).toEqual([OWN]);
    // No role grants reading: limited only when some role has a read rule on the table.
    expect(rowRuleFor([creator], table, 'read', 'read', 'primary')).toBeNull();
    const ruledCreator = { ...creator, tables: sales.tables };
    expect(rowRuleFor([ruledCreator], table, 'read', 'read', 'primary')).toEqual([]);
  });

  it('counts export and import roles for exports and imports', () => {
    expect(grantingAction('read', 'export')).toBe('export');
    expect(grantingAction('read', 'update')).toBe('read');
    expect(grantingAction('create', 'import')).toBe('import');
    expect(grantingAction('update', 'update')).toBe('update');
  });
});

describe('variableValues', () => {
  it('stands for the user, its roles and the time; nothing for an unknown or empty one', () => {
    expect(variableValues('$user.id', vars)).toEqual([7]);
    expect(variableValues('$user.username', vars)).toEqual(['alice']);
    expect(variableValues('$user.region', vars)).toEqual(['north']);
    expect(variableValues('$user.roles', vars)).toEqual(['ROLE_SALES', 'ROLE_EAST']);
    expect(variableValues('$now', vars)).toEqual(['2026-01-02T03:04:05.000Z']);
    expect(variableValues('$user.empty', vars)).toBeUndefined();
    expect(variableValues('$user.missing', vars)).toBeUndefined();
    expect(variableValues('$today', vars)).toBeUndefined();
  });
});

describe('compileRowRule', () => {
  it('replaces variables and parses the rule as a list filter', () => {
    expect(compileRowRule([OWN], vars, query)).toEqual({
      kind: 'leaf',
      column: 'ownerId',
      operator: 'EQ',
      values: [7],
    });
    const region = { columnName: 'region', operatorType: 'EQ', values: ['$user.region'] };
    expect(compileRowRule([OWN, region], vars, query)).toMatchObject({
      kind: 'group',
      conditionType: 'OR',
      conditions: [{ column: 'ownerId' }, { column: 'region', values: ['north'] }],
    });
    const roles = { columnName: 'name', operatorType: 'IN', values: ['$user.roles', 'x'] };
    expect(compileRowRule([roles], vars, query)).toMatchObject({ values: ['ROLE_SALES', 'ROLE_EAST', 'x'] });
  });

  it('tests a column the list may not filter by (a rule is not a list filter)', () => {
    const note = { columnName: 'locked', operatorType: 'EQ', values: ['a'] };
    expect(compileRowRule([note], vars, query)).toMatchObject({ kind: 'leaf', column: 'locked' });
  });

  it('lets nothing through for a rule that no longer fits, a broken one or a variable without value', () => {
    expect(compileRowRule([{ columnName: 'gone', operatorType: 'EQ', values: [1] }], vars, query)).toEqual(
      NOTHING,
    );
    expect(compileRowRule([BROKEN_RULE], vars, query)).toEqual(NOTHING);
    expect(
      compileRowRule([{ columnName: 'region', operatorType: 'NE', values: ['$user.empty'] }], vars, query),
    ).toEqual({ kind: 'group', conditionType: 'OR', conditions: [] });
    expect(compileRowRule([], vars, query)).toEqual(NOTHING);
  });
});

describe('compileRowRule, kept', () => {
  const rules = Object.freeze([OWN]);
  const user = Object.freeze({ id: 7, username: 'alice' });
  const keptVars: RuleVariables = { ...vars, user };

  it('gives the same frozen condition for the same rules, table and user record', () => {
    const first = compileRowRule(rules, keptVars, query);
    expect(Object.isFrozen(first)).toBe(true);
    expect(compileRowRule(rules, { ...keptVars, now: new Date() }, query)).toBe(first);
  });

  it('compiles again for another user record or other role codes; rules not kept still compile alike', () => {
    const first = compileRowRule(rules, keptVars, query);
    const other = compileRowRule(
      rules,
      { ...keptVars, user: Object.freeze({ id: 8, username: 'bob' }) },
      query,
    );
    expect(other).toMatchObject({ values: [8] });
    const byRole = Object.freeze([{ columnName: 'region', operatorType: 'IN', values: ['$user.roles'] }]);
    expect(compileRowRule(byRole, { ...keptVars, roles: ['ROLE_A'] }, query)).toMatchObject({
      values: ['ROLE_A'],
    });
    expect(compileRowRule(byRole, { ...keptVars, roles: ['ROLE_B'] }, query)).toMatchObject({
      values: ['ROLE_B'],
    });
    expect(compileRowRule([OWN], keptVars, query)).toEqual(first);
  });

  it('never keeps a rule naming $now: each request gets its own time', () => {
    const recent = Object.freeze([{ columnName: 'createdDate', operatorType: 'GE', values: ['$now'] }]);
    const early = compileRowRule(recent, { ...keptVars, now: new Date('2026-01-01T00:00:00Z') }, query);
    const late = compileRowRule(recent, { ...keptVars, now: new Date('2026-06-01T00:00:00Z') }, query);
    expect(early).not.toEqual(late);
  });
});

describe('rowConditionOf', () => {
  const scope = (tables: RowScope['tables']): RowScope => ({
    dataSource: 'primary',
    action: 'read',
    vars,
    roles: [
      {
        authorities: ['business:orders:read', 'business:orders:delete'],
        tables: new Map([[orders.id, { read: OWN }]]),
      },
    ],
    tables,
  });

  it('is null without a scope (the super admin) or without a rule', () => {
    expect(rowConditionOf(undefined, orders, 'read')).toBeNull();
    expect(rowConditionOf(scope(new Map()), orders, 'delete')).toBeNull();
  });

  it('lets nothing through on a table the scope was not opened with', () => {
    expect(rowConditionOf(scope(new Map()), orders, 'read')).toEqual(NOTHING);
    expect(rowConditionOf(scope(new Map([[orders.id, ruleTableOf(orders)]])), orders, 'read')).toMatchObject({
      column: 'ownerId',
    });
  });
});

describe('validateRowRules', () => {
  const users = new Set(['id', 'username', 'region']);
  const check = (value: unknown) => () => validateRowRules(value, query, users);

  it('accepts rules of known actions, columns and variables, and no rules', () => {
    for (const value of [null, '', 'null', JSON.stringify({ read: OWN })]) expect(check(value)).not.toThrow();
    const all = {
      read: {
        conditionType: 'OR',
        conditions: [OWN, { columnName: 'region', operatorType: 'EQ', values: ['$user.region'] }],
      },
      update: { columnName: 'createdDate', operatorType: 'LE', values: ['$now'] },
      delete: { columnName: 'name', operatorType: 'IN', values: ['$user.roles', 'x'] },
      create: { columnName: 'qty', operatorType: 'BETWEEN', values: [1, 9] },
    };
    expect(check(JSON.stringify(all))).not.toThrow();
  });

  it('refuses bad JSON, unknown actions, columns and variables, naming the field in both languages', () => {
    expect(refusal(check('{oops'))).toContain('JSON');
    expect(refusal(check(JSON.stringify([OWN])))).toContain('read, update, delete');
    expect(refusal(check(JSON.stringify({ view: OWN })))).toContain('view');
    const column = refusal(
      check(JSON.stringify({ read: { columnName: 'nope', operatorType: 'EQ', values: [1] } })),
    );
    expect(column).toContain('nope');
    expect(column).toContain('rowRules');
    const variable = refusal(
      check(
        JSON.stringify({ read: { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.salary'] } }),
      ),
    );
    expect(variable).toContain('$user.salary');
    expect(variable).toContain('变量');
    expect(
      refusal(
        check(JSON.stringify({ read: { columnName: 'name', operatorType: 'EQ', values: ['$user.roles'] } })),
      ),
    ).toContain('IN');
    expect(
      refusal(check(JSON.stringify({ read: { columnName: 'qty', operatorType: 'EQ', values: ['many'] } }))),
    ).toContain('rowRules');
    expect(
      refusal(check(JSON.stringify({ read: { columnName: 'qty', operatorType: 'ALMOST', values: [1] } }))),
    ).toContain('ALMOST');
  });
});
