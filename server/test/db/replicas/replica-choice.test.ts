import { describe, expect, it } from 'vitest';
import {
  eligibleReplicas,
  parseLsn,
  positionAfterWrite,
  replicaLagMs,
  type PrimarySample,
} from '../../../src/db/replicas/replica-choice';

const samples: PrimarySample[] = [
  { at: 1000, position: 100n },
  { at: 1100, position: 200n },
  { at: 1200, position: 300n },
];
const choice = { staleAfterMs: 1000, maxLagMs: 150 };

describe('replica choice', () => {
  it('orders log positions as PostgreSQL does', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('16B3748')).toThrow(/not a log position/);
  });

  it('measures lag from the oldest sample a replica has not reached', () => {
    expect(replicaLagMs(samples, 300n, 1300)).toBe(0);
    expect(replicaLagMs(samples, 250n, 1300)).toBe(100);
    expect(replicaLagMs(samples, 150n, 1300)).toBe(200);
    expect(replicaLagMs(samples, 50n, 1300)).toBe(Number.POSITIVE_INFINITY);
    expect(replicaLagMs([], 0n, 1300)).toBe(0);
  });

  it("needs the first position sampled after a user's write; none before it is sampled", () => {
    expect(positionAfterWrite(samples, undefined)).toBeNull();
    expect(positionAfterWrite(samples, 1050)).toBe(200n);
    expect(positionAfterWrite(samples, 1200)).toBeUndefined();
  });

  it('keeps replicas that are up, within the lag bound and past what the read must see', () => {
    const up = { answeredAt: 1290, replayed: 300n };
    const behind = { answeredAt: 1290, replayed: 150n };
    const down = { answeredAt: undefined, replayed: 300n };
    const stale = { answeredAt: 200, replayed: 300n };
    const lagging = { answeredAt: 1290, replayed: 250n };
    expect(eligibleReplicas([up, behind, down, stale, lagging], samples, null, 1300, choice)).toEqual([0, 4]);
    expect(eligibleReplicas([up, lagging], samples, 300n, 1300, choice)).toEqual([0]);
    expect(eligibleReplicas([up, lagging], samples, undefined, 1300, choice)).toEqual([]);
  });
});
