import { percentOf } from '../../../src/upload/lib/upload-progress';

describe('percentOf', () => {
  it('is a whole percentage clamped to 0–100', () => {
    expect(percentOf(0, 200)).toBe(0);
    expect(percentOf(99, 200)).toBe(49);
    expect(percentOf(200, 200)).toBe(100);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(-5, 200)).toBe(0);
    expect(percentOf(0, 0)).toBe(100);
  });
});
