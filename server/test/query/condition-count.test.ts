import { describe, expect, it } from 'vitest';
import { conditionCount } from '../../src/query/condition-count';
import type { Condition } from '../../src/query/query-types';

const leaf = (operator: 'LIKE' | 'EQ'): Condition => ({
  kind: 'leaf',
  column: 'name',
  operator,
  values: ['x'],
});

describe('conditionCount', () => {
  it('is zero for no condition', () => {
    expect(conditionCount(null)).toEqual({ conditions: 0, likes: 0 });
  });

  it('counts the leaves of nested groups, and the LIKE ones among them', () => {
    const tree: Condition = {
      kind: 'group',
      conditionType: 'AND',
      conditions: [
        leaf('LIKE'),
        { kind: 'group', conditionType: 'OR', conditions: [leaf('EQ'), leaf('LIKE'), leaf('LIKE')] },
        { kind: 'group', conditionType: 'OR', conditions: [] },
      ],
    };
    expect(conditionCount(tree)).toEqual({ conditions: 4, likes: 3 });
  });
});
