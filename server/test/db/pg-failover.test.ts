import { describe, expect, it } from 'vitest';
import { NoHostError } from '../../src/db/host-finder';
import { pgConnectionHost, pgHostFinder } from '../../src/db/pg-failover';
import { isConnectionError } from '../../src/errors/is-connection-error';
import { parsePgHosts, type PgHostState } from '../../src/db/pg-hosts';

const primary: PgHostState = { inRecovery: false, readOnly: false };
const standby: PgHostState = { inRecovery: true, readOnly: true };

/** A probe answering from `states` by URL; any other URL is a call the test did not expect. */
const fakeProbe = (states: Map<string, PgHostState | 'down'>) => {
  const asked: string[] = [];
  const probe = (url: string): Promise<PgHostState> => {
    asked.push(url);
    const state = states.get(url);
    if (state === undefined) throw new Error(`unexpected probe of ${url}`);
    return state === 'down' ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve(state);
  };
  return { probe, asked };
};

const H1 = 'postgres://u@h1:5432/db';
const H2 = 'postgres://u@h2:5433/db';

describe('pgHostFinder', () => {
  const url = parsePgHosts('postgres://u@h1:5432,h2:5433/db');
  const settings = (connectionString: string) => ({ connectionString });

  it('connects to the primary, keeps it until a loss, then follows the promoted standby', async () => {
    const states = new Map<string, PgHostState | 'down'>([
      [H1, primary],
      [H2, standby],
    ]);
    const { probe, asked } = fakeProbe(states);
    const finder = pgHostFinder(url, settings, probe);
    const first = await finder.provide();
    expect(first.connectionString).toBe(H1);
    expect(first.expirationChecker()).toBe(false);
    expect(finder.keeps(pgConnectionHost({ host: 'h1', port: 5432 }))).toBe(true);
    expect(asked).toEqual([H1, H2]);

    states.set(H1, 'down');
    finder.lost();
    expect(first.expirationChecker()).toBe(true);
    await expect(finder.provide()).rejects.toBeInstanceOf(NoHostError);

    states.set(H2, primary);
    const second = await finder.provide();
    expect(second.connectionString).toBe(H2);
    expect(second.expirationChecker()).toBe(false);
    expect(finder.keeps(pgConnectionHost({ host: 'h1', port: 5432 }))).toBe(false);
    expect(finder.keeps(pgConnectionHost({ host: 'h2', port: 5433 }))).toBe(true);
  });

  it('counts lost connections and read-only refusals as signs of a failover, not other errors', () => {
    expect(isConnectionError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('x'), { code: '25006' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });
});
