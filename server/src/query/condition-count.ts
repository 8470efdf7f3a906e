import type { Condition } from './query-types';

export interface ConditionCount {
  /** Leaf conditions (column, operator, values). */
  conditions: number;
  /** Of which LIKE: a match anywhere in the text, which no index serves. */
  likes: number;
}

/** How many leaf conditions, and LIKE ones among them, a condition tree holds. */
export const conditionCount = (condition: Condition | null): ConditionCount => {
  if (!condition) return { conditions: 0, likes: 0 };
  if (condition.kind === 'leaf') return { conditions: 1, likes: condition.operator === 'LIKE' ? 1 : 0 };
  return condition.conditions.reduce(
    (sum, child) => {
      const count = conditionCount(child);
      return { conditions: sum.conditions + count.conditions, likes: sum.likes + count.likes };
    },
    { conditions: 0, likes: 0 },
  );
};
