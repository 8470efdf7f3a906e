import { describe, expect, it } from 'vitest';
import { GRANT_CASES } from '../../../../contract/grant-cases';
import { ApiException } from '../../../src/errors/api-exception';
import { assertGrants } from '../../../src/services/system-tables/grant-checks';
import type { WriteContext } from '../../../src/services/items/write-context';

/** A write context holding only the editor's authorities: anything else the check reads throws. */
const writeOf = (authorities: readonly string[]): WriteContext =>
  new Proxy({ authorities } as unknown as WriteContext, {
    get(target, property) {
      if (property === 'authorities') return authorities;
      throw new Error(`unexpected read of write.${String(property)}`);
    },
  });

const refusal = (run: () => void): ApiException | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ApiException) return error;
    throw error;
  }
};

describe('assertGrants (the shared grant cases)', () => {
  it.each(GRANT_CASES)('$name', ({ authorities, previous, next, notHeld }) => {
    const error = refusal(() => assertGrants(writeOf(authorities), previous, next));
    if (notHeld.length === 0) {
      expect(error).toBeUndefined();
    } else {
      expect(error?.code).toBe('FORBIDDEN');
      expect(error?.status).toBe(403);
      // the message names exactly the codes not held, in order
      expect(error?.message).toBe(`you cannot grant permissions you do not hold: ${notHeld.join(', ')}`);
    }
  });
});
