import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../../src/auth/login-limiter';
import { SHARED_STATE } from '../../src/db/table-names';
import { createLoginThrottle, type LoginLimiter } from '../../src/services/login-throttle';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** A moment to count from (epoch milliseconds). */
const T = 1_700_000_000_000;

const limits: LoginLimits = {
  freeFailures: 2,
  baseDelayMs: 1000,
  maxDelayMs: 4000,
  maxAccountsPerAddress: 3,
  windowMs: 60_000,
};

describeEachDatabase('login throttling kept in the database ($name)', (db) => {
  const apps = useTestApps(db);
  let addresses = 0;
  /** A limiter on the file's database, and an address no other test used. */
  const setup = async (
    own: LoginLimits = limits,
  ): Promise<{ limiter: LoginLimiter; ip: string; knex: Knex }> => {
    const app = await apps.build();
    addresses += 1;
    const knex = app.dataSources.primary.auth;
    return { limiter: createLoginThrottle(knex, own), ip: `10.9.0.${addresses}`, knex };
  };

  it('lets the free failures through, then waits doubling per failure, capped', async () => {
    const { limiter, ip } = await setup();
    let now = T;
    const waits: number[] = [];
    expect((await limiter.admit('a', ip, now)).allowed).toBe(true);
    for (let i = 0; i < 5; i += 1) {
      expect((await limiter.admit('a', ip, now)).allowed).toBe(true);
      const refused = await limiter.admit('a', ip, now);
      expect(refused.allowed).toBe(false);
      waits.push(refused.retryAfterSeconds);
      now += refused.retryAfterSeconds * 1000;
    }
    expect(waits).toEqual([1, 2, 4, 4, 4]);
  });

  it('never refuses for longer than the current wait: refusals do not add to it', async () => {
    const { limiter, ip } = await setup();
    for (const at of [0, 0, 1000, 3000]) expect((await limiter.admit('a', ip, T + at)).allowed).toBe(true);
    for (let t = 3000; t < 7000; t += 500) expect((await limiter.admit('a', ip, T + t)).allowed).toBe(false);
    expect(await limiter.admit('a', ip, T + 7000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('does not slow the same account from another address, nor another account', async () => {
    const { limiter, ip } = await setup();
    for (let i = 0; i < 2; i += 1) await limiter.admit('a', ip, T);
    expect((await limiter.admit('a', ip, T)).allowed).toBe(false);
    expect((await limiter.admit('a', `${ip}0`, T)).allowed).toBe(true);
    expect((await limiter.admit('b', ip, T)).allowed).toBe(true);
  });

  it('slows an address failing on more distinct accounts than allowed, for every account', async () => {
    const { limiter, ip } = await setup();
    for (const account of ['a', 'b', 'c']) expect((await limiter.admit(account, ip, T)).allowed).toBe(true);
    expect((await limiter.admit('z', ip, T)).allowed).toBe(true);
    // Four accounts: the address now waits, whatever the account; another address does not.
    expect(await limiter.admit('y', ip, T)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await limiter.admit('y', `${ip}0`, T)).allowed).toBe(true);
    expect((await limiter.admit('y', ip, T + 1000)).allowed).toBe(true);
    expect(await limiter.admit('x', ip, T + 1000)).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });

  it('forgets the pair on success, and the address’s wait once it is back under the cap', async () => {
    const { limiter, ip } = await setup();
    for (let i = 0; i < 2; i += 1) await limiter.admit('a', ip, T);
    expect((await limiter.admit('a', ip, T)).allowed).toBe(false);
    await limiter.succeeded('a', ip);
    expect((await limiter.admit('a', ip, T)).allowed).toBe(true);

    for (const account of ['b', 'c', 'd']) await limiter.admit(account, ip, T);
    expect((await limiter.admit('e', ip, T)).allowed).toBe(false);
    await limiter.succeeded('d', ip);
    expect((await limiter.admit('e', ip, T)).allowed).toBe(true);
  });

  it('forgets failures after the window, and removes them from the table', async () => {
    const { limiter, ip, knex } = await setup({ ...limits, baseDelayMs: 100_000, maxDelayMs: 120_000 });
    for (let i = 0; i < 2; i += 1) await limiter.admit('a', ip, T);
    expect((await limiter.admit('a', ip, T + 59_999)).allowed).toBe(false);
    expect((await limiter.admit('a', ip, T + 60_000)).allowed).toBe(true);
    const rows = () =>
      knex(SHARED_STATE.loginThrottle)
        .where('expiresAt', '<=', T + 200_000)
        .count({ n: '*' });
    expect(Number((await rows())[0]?.n)).toBeGreaterThan(0);
    expect(await limiter.removeExpired(T + 200_000)).toBeGreaterThan(0);
    expect(Number((await rows())[0]?.n)).toBe(0);
  });

  it('admits no more than the free failures of a burst of parallel attempts', async () => {
    const { limiter, ip } = await setup();
    const burst = await Promise.all(Array.from({ length: 10 }, () => limiter.admit('a', ip, T)));
    expect(burst.filter((state) => state.allowed)).toHaveLength(limits.freeFailures);
  });

  it('waits at most 10 s by default', async () => {
    const { limiter, ip } = await setup(DEFAULT_LOGIN_LIMITS);
    let now = T;
    for (let failures = 0; failures < 8;) {
      const state = await limiter.admit('a', ip, now);
      if (state.allowed) failures += 1;
      else now += state.retryAfterSeconds * 1000;
    }
    const refused = await limiter.admit('a', ip, now);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });
});
