import { TEXT_MATCH_OPERATORS, type Condition } from './query-types';

export interface ConditionCount {
  /** Leaf conditions (column, operator, values). */
  conditions: number;
  /** Of which text matches (LIKE and its kin), which no index serves. */
  likes: number;
}

/** How many leaf conditions, and LIKE ones among them, a condition tree holds. */
export const conditionCount = (condition: Condition | null): ConditionCount => {
  if (!condition) return { conditions: 0, likes: 0 };
  if (condition.kind === 'leaf')
    return { conditions: 1, likes: TEXT_MATCH_OPERATORS.has(condition.operator) ? 1 : 0 };
  return condition.conditions.reduce(
    (sum, child) => {
      const count = conditionCount(child);
      return { conditions: sum.conditions + count.conditions, likes: sum.likes + count.likes };
    },
    { conditions: 0, likes: 0 },
  );
};
