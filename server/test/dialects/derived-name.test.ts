import { describe, expect, it } from 'vitest';
import { NAME_PATTERN } from '../../../contract/reserved-words';
import { derivedName, indexPhysicalName, unsignedCheckName } from '../../src/dialects/derived-name';

describe('derivedName', () => {
  it('is a lower-case cb_ identifier of at most 63 characters', () => {
    const name = derivedName('ix', 'A'.repeat(63), 'B'.repeat(63));
    expect(name).toHaveLength(63);
    expect(name).toMatch(/^cb_ix_[0-9a-f]{8}_a+$/);
    expect(NAME_PATTERN.test(name)).toBe(true);
  });

  it('keeps names apart whose parts join to the same text', () => {
    expect(indexPhysicalName('a_b', 'c')).not.toBe(indexPhysicalName('a', 'b_c'));
    expect(indexPhysicalName('order', 'idx')).toMatch(/^cb_ix_[0-9a-f]{8}_order_idx$/);
  });

  it('ignores case in the hash, as the databases do', () => {
    expect(unsignedCheckName('Product', 'Price')).toBe(unsignedCheckName('product', 'price'));
  });
});
