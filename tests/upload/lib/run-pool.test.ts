import { runPool } from '../../../src/upload/lib/run-pool';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('runPool', () => {
  it('never runs more than the limit at once and keeps the result order', async () => {
    let running = 0;
    let most = 0;
    const results = await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, (8 - n) * 2));
      running -= 1;
      return n * 10;
    });
    expect(most).toBe(3);
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('starts the next item as soon as one ends', async () => {
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = runPool([0, 1, 2], 2, async (n) => {
      started.push(n);
      await gates[n]!.promise;
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    await done;
  });

  it('stops starting items after a failure and rejects with it', async () => {
    const started: number[] = [];
    const run = runPool([0, 1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      if (n === 1) throw new Error('chunk 1 failed');
      await new Promise((r) => setTimeout(r, 5));
    });
    await expect(run).rejects.toThrow('chunk 1 failed');
    expect(started).toEqual([0, 1]);
  });

  it('handles no items and refuses a bad limit', async () => {
    expect(await runPool([], 3, async () => 1)).toEqual([]);
    await expect(runPool([1], 0, async () => 1)).rejects.toThrow(RangeError);
  });
});
