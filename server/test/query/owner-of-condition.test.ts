import { describe, expect, it } from 'vitest';
import { ownerOfCondition } from '../../src/query/owner-of-condition';
import type { Condition } from '../../src/query/query-types';

const leaf = (
  column: string,
  operator: 'EQ' | 'NE' | 'IN',
  values: (string | number | boolean)[],
): Condition => ({
  kind: 'leaf',
  column,
  operator,
  values,
});
const group = (conditionType: 'AND' | 'OR', conditions: Condition[]): Condition => ({
  kind: 'group',
  conditionType,
  conditions,
});

describe('ownerOfCondition', () => {
  it('finds the owner of `ownerId = n`, alone or in groups of one', () => {
    expect(ownerOfCondition(leaf('ownerId', 'EQ', [7]), 'ownerId')).toBe(7);
    expect(ownerOfCondition(leaf('ownerId', 'EQ', ['42']), 'ownerId')).toBe(42);
    expect(ownerOfCondition(group('OR', [group('AND', [leaf('ownerId', 'EQ', [3])])]), 'ownerId')).toBe(3);
  });

  it('finds none in any other condition', () => {
    expect(ownerOfCondition(null, 'ownerId')).toBeNull();
    expect(ownerOfCondition(leaf('createById', 'EQ', [7]), 'ownerId')).toBeNull();
    expect(ownerOfCondition(leaf('ownerId', 'NE', [7]), 'ownerId')).toBeNull();
    expect(ownerOfCondition(leaf('ownerId', 'IN', [7, 8]), 'ownerId')).toBeNull();
    expect(ownerOfCondition(leaf('ownerId', 'EQ', ['7a']), 'ownerId')).toBeNull();
    expect(ownerOfCondition(leaf('ownerId', 'EQ', [1.5]), 'ownerId')).toBeNull();
    expect(ownerOfCondition(leaf('ownerId', 'EQ', [true]), 'ownerId')).toBeNull();
    expect(ownerOfCondition(leaf('ownerId', 'EQ', ['99999999999999999']), 'ownerId')).toBeNull();
    // Two roles' rules (OR), or the rule and another test (AND): a count of rows, not of an owner.
    const two = [leaf('ownerId', 'EQ', [7]), leaf('ownerId', 'EQ', [8])];
    expect(ownerOfCondition(group('OR', two), 'ownerId')).toBeNull();
    expect(
      ownerOfCondition(group('AND', [leaf('ownerId', 'EQ', [7]), leaf('amount', 'EQ', [1])]), 'ownerId'),
    ).toBeNull();
    expect(ownerOfCondition(group('AND', []), 'ownerId')).toBeNull();
  });
});
