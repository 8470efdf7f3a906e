import { planChunks } from '../../../src/upload/lib/chunk-plan';
import { pendingChunks, receivedBytes } from '../../../src/upload/lib/resume-chunks';

describe('resume', () => {
  const plan = planChunks(25, 10);

  it('skips the chunks the server already holds', () => {
    expect(pendingChunks(plan, [0, 2]).map((c) => c.index)).toEqual([1]);
    expect(pendingChunks(plan, []).map((c) => c.index)).toEqual([0, 1, 2]);
    expect(pendingChunks(plan, [0, 1, 2])).toEqual([]);
  });

  it('ignores indexes outside the plan', () => {
    expect(pendingChunks(plan, [7, -1]).map((c) => c.index)).toEqual([0, 1, 2]);
    expect(receivedBytes(plan, [7])).toBe(0);
  });

  it('counts the bytes already held', () => {
    expect(receivedBytes(plan, [2])).toBe(5);
    expect(receivedBytes(plan, [0, 2])).toBe(15);
  });
});
