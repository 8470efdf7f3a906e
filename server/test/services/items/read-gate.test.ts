import { describe, expect, it } from 'vitest';
import { ApiException } from '../../../src/errors/api-exception';
import { ReadGate } from '../../../src/services/items/read-gate';

/** A read that finishes when the test says so. */
const held = () => {
  let finish: () => void = () => {
    throw new Error('finished before it started');
  };
  let started = false;
  const work = () =>
    new Promise<string>((resolve) => {
      started = true;
      finish = () => resolve('done');
    });
  return { work, finish: () => finish(), started: () => started };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ReadGate', () => {
  it('runs a user’s reads up to the limit; the next one starts when one ends', async () => {
    const gate = new ReadGate({ maxPerUser: 2, maxWaitingPerUser: 5, waitMs: 1000 });
    const reads = [held(), held(), held()];
    const answers = reads.map((read) => gate.run('7', read.work));
    await tick();
    expect(reads.map((read) => read.started())).toEqual([true, true, false]);
    reads[0]?.finish();
    await tick();
    expect(reads[2]?.started()).toBe(true);
    reads[1]?.finish();
    reads[2]?.finish();
    expect(await Promise.all(answers)).toEqual(['done', 'done', 'done']);
  });

  it('keeps users apart: one user’s full line does not hold up another', async () => {
    const gate = new ReadGate({ maxPerUser: 1, maxWaitingPerUser: 1, waitMs: 1000 });
    const mine = held();
    const pending = gate.run('1', mine.work);
    expect(await gate.run('2', async () => 'other')).toBe('other');
    mine.finish();
    await pending;
  });

  it('refuses at once past the waiting line, with 429 and Retry-After', async () => {
    const gate = new ReadGate({ maxPerUser: 1, maxWaitingPerUser: 1, waitMs: 1000 });
    const first = held();
    const second = held();
    const running = [gate.run('1', first.work), gate.run('1', second.work)];
    const refused = await gate.run('1', async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiException);
    expect(refused).toMatchObject({ status: 429, extras: { headers: { 'retry-after': '1' } } });
    first.finish();
    await tick();
    second.finish();
    await Promise.all(running);
  });

  it('refuses a read that waited its whole wait, and frees its place', async () => {
    const gate = new ReadGate({ maxPerUser: 1, maxWaitingPerUser: 1, waitMs: 20 });
    const first = held();
    const running = gate.run('1', first.work);
    await expect(gate.run('1', async () => 'late')).rejects.toMatchObject({ status: 429 });
    first.finish();
    await running;
    expect(await gate.run('1', async () => 'again')).toBe('again');
  });

  it('gives the slot back when a read fails', async () => {
    const gate = new ReadGate({ maxPerUser: 1, maxWaitingPerUser: 0, waitMs: 20 });
    await expect(gate.run('1', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('1', async () => 'next')).toBe('next');
  });
});
