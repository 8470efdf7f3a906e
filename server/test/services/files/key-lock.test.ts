import { describe, expect, it } from 'vitest';
import { KeyLock } from '../../../src/services/files/key-lock';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyLock', () => {
  it('runs the tasks of one key one at a time, in order, even when one fails', async () => {
    const lock = new KeyLock();
    const events: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        events.push(`${name} start`);
        await tick();
        events.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      lock.run('a', task('1')),
      lock.run('a', task('2', true)),
      lock.run('a', task('3')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(events).toEqual(['1 start', '1 end', '2 start', '2 end', '3 start', '3 end']);
    expect(lock.busy('a')).toBe(false);
  });

  it('runs different keys side by side', async () => {
    const lock = new KeyLock();
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`${name} start`);
      await tick();
      events.push(`${name} end`);
    };
    const both = Promise.all([lock.run('a', task('a')), lock.run('b', task('b'))]);
    expect(lock.busy('a')).toBe(true);
    await both;
    expect(events.slice(0, 2).sort()).toEqual(['a start', 'b start']);
  });
});
