import { describe, expect, it } from 'vitest';
import { formatObjectGuid } from '../../../src/auth/external/format-object-guid';

describe('formatObjectGuid', () => {
  it('reads the first three groups little-endian, the last two as stored', () => {
    const bytes = Buffer.from('a1f7d7c02e4b0e4f9b1a0123456789ab', 'hex');
    expect(formatObjectGuid(bytes)).toBe('c0d7f7a1-4b2e-4f0e-9b1a-0123456789ab');
  });

  it('gives undefined for anything but 16 bytes', () => {
    expect(formatObjectGuid(Buffer.alloc(15))).toBeUndefined();
    expect(formatObjectGuid(Buffer.alloc(17))).toBeUndefined();
    expect(formatObjectGuid(Buffer.alloc(0))).toBeUndefined();
  });
});
