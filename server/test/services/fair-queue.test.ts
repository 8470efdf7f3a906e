import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadCost } from '../../src/query/read-cost';
import { FairQueue } from '../../src/services/fair-queue';

/** Takes a place and records, in `order`, when it was granted (or refused). */
const taker = (queue: FairQueue, order: string[], waitMs = 60_000) => {
  const taken = new Map<string, ReadCost>();
  const take = (name: string, user: string, cost: ReadCost = 'expensive') => {
    void queue.take(user, cost, waitMs).then((granted) => {
      order.push(granted ? name : `${name} refused`);
      if (granted) taken.set(name, cost);
    });
  };
  const give = (name: string) => {
    const cost = taken.get(name);
    if (!cost) throw new Error(`${name} holds no place`);
    taken.delete(name);
    queue.give(cost);
  };
  return { take, give };
};

/** Lets the granted promises' callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('FairQueue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands freed places to the waiting users in turn, not to the oldest call', async () => {
    const queue = new FairQueue({ maxRunning: 2, maxExpensive: 2 });
    const order: string[] = [];
    const { take, give } = taker(queue, order);
    // Four users send five calls each, the first user's all before the others'.
    for (const user of ['a', 'b', 'c', 'd']) for (let i = 1; i <= 5; i += 1) take(`${user}${i}`, user);
    await settle();
    expect(order).toEqual(['a1', 'a2']);
    expect(queue.state().waiting.map(([user]) => user)).toEqual(['a', 'b', 'c', 'd']);
    // A late fifth user with one call.
    take('e1', 'e');
    for (const name of ['a1', 'a2']) give(name);
    await settle();
    // b and c were waiting before a was served again; a then goes behind them.
    expect(order).toEqual(['a1', 'a2', 'a3', 'b1']);
    give('a3');
    give('b1');
    await settle();
    expect(order.slice(4)).toEqual(['c1', 'd1']);
    give('c1');
    give('d1');
    await settle();
    // e's one call is served before a, b, c and d get their second turn.
    expect(order.slice(6)).toEqual(['e1', 'a4']);
    expect(queue.state()).toMatchObject({ running: 2, expensiveRunning: 2 });
  });

  it('keeps the places beyond the expensive cap for cheap calls', async () => {
    const queue = new FairQueue({ maxRunning: 4, maxExpensive: 2 });
    const order: string[] = [];
    const { take, give } = taker(queue, order);
    for (let i = 1; i <= 4; i += 1) take(`x${i}`, 'x');
    for (let i = 1; i <= 4; i += 1) take(`y${i}`, 'y');
    await settle();
    expect(order).toEqual(['x1', 'x2']);
    // Cheap calls pass the expensive ones that wait, the same user's too.
    take('x-cheap', 'x', 'cheap');
    take('z-cheap', 'z', 'cheap');
    await settle();
    expect(order).toEqual(['x1', 'x2', 'x-cheap', 'z-cheap']);
    expect(queue.state()).toMatchObject({ running: 4, expensiveRunning: 2 });
    // All places are taken now: a third cheap call waits.
    take('w-cheap', 'w', 'cheap');
    await settle();
    expect(order).toHaveLength(4);
    // A freed cheap place goes to the cheap call; an expensive one may be taken by y (its turn).
    give('z-cheap');
    await settle();
    expect(order.at(-1)).toBe('w-cheap');
    give('x1');
    await settle();
    expect(order.at(-1)).toBe('y1');
    expect(queue.state()).toMatchObject({ running: 4, expensiveRunning: 2 });
  });

  it('refuses a call that found no place within its wait, and forgets it', async () => {
    vi.useFakeTimers();
    const queue = new FairQueue({ maxRunning: 1, maxExpensive: 1 });
    const first = queue.take('a', 'expensive', 1000);
    const second = queue.take('b', 'cheap', 1000);
    expect(await first).toBe(true);
    vi.advanceTimersByTime(999);
    expect(queue.state().waiting).toEqual([['b', ['cheap']]]);
    vi.advanceTimersByTime(1);
    expect(await second).toBe(false);
    expect(queue.state()).toEqual({ running: 1, expensiveRunning: 1, waiting: [] });
    // The place given back is free for the next call.
    queue.give('expensive');
    expect(await queue.take('c', 'cheap', 1000)).toBe(true);
    expect(queue.state()).toEqual({ running: 1, expensiveRunning: 0, waiting: [] });
  });
});
