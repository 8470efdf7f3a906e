import { describe, expect, it } from 'vitest';
import { gtidReached, parseGtidPosition } from '../../../src/db/replicas/gtid-position';
import {
  eligibleReplicas,
  positionAfterWrite,
  replicaLagMs,
  type PrimarySample,
} from '../../../src/db/replicas/replica-choice';

const gtid = parseGtidPosition;

describe('MariaDB GTID positions', () => {
  it('parses one domain, several domains and the empty state', () => {
    expect(gtid('0-1-42')).toEqual(new Map([[0, 42n]]));
    expect(gtid('0-1-42,1-2-7')).toEqual(
      new Map([
        [0, 42n],
        [1, 7n],
      ]),
    );
    // MariaDB writes long lists over lines; the server id does not order anything.
    expect(gtid(' 0-1-42,\n1-2-7 ')).toEqual(gtid('0-9-42,1-9-7'));
    expect(gtid('')).toEqual(new Map());
    expect(gtid('0-1-18446744073709551615').get(0)).toBe(18446744073709551615n);
    // A domain named twice keeps its highest sequence number.
    expect(gtid('0-1-5,0-2-9,0-1-7').get(0)).toBe(9n);
  });

  it.each(['42', '0-1', '0-1-x', 'a-1-2', '0-1-2;1-1-1', '0-1-2,,x'])('refuses %j', (text) => {
    expect(() => gtid(text)).toThrow(/not a GTID position/);
  });

  it('a replica has reached a sample when every domain of the sample is reached', () => {
    expect(gtidReached(gtid('0-1-42'), gtid('0-1-42'))).toBe(true);
    expect(gtidReached(gtid('0-1-43'), gtid('0-1-42'))).toBe(true);
    expect(gtidReached(gtid('0-1-41'), gtid('0-1-42'))).toBe(false);
    // Sequence numbers compare as numbers, not text.
    expect(gtidReached(gtid('0-1-100'), gtid('0-1-99'))).toBe(true);
    expect(gtidReached(gtid('0-1-42,1-2-7'), gtid('0-1-42,1-2-8'))).toBe(false);
    expect(gtidReached(gtid('0-1-42,1-2-8'), gtid('0-1-42,1-2-8'))).toBe(true);
    // A domain the replica never replayed is behind; one the sample does not name does not count.
    expect(gtidReached(gtid('0-1-42'), gtid('0-1-42,1-2-1'))).toBe(false);
    expect(gtidReached(gtid('0-1-42,5-3-1'), gtid('0-1-42'))).toBe(true);
    expect(gtidReached(gtid(''), gtid(''))).toBe(true);
    expect(gtidReached(gtid('0-1-1'), gtid(''))).toBe(true);
    expect(gtidReached(gtid(''), gtid('0-1-1'))).toBe(false);
  });

  it('drives the replica rules as PostgreSQL positions do', () => {
    const samples: PrimarySample<ReturnType<typeof gtid>>[] = [
      { at: 1000, position: gtid('0-1-10,1-2-5') },
      { at: 1100, position: gtid('0-1-20,1-2-5') },
      { at: 1200, position: gtid('0-1-20,1-2-6') },
    ];
    expect(replicaLagMs(samples, gtid('0-1-20,1-2-6'), 1300, gtidReached)).toBe(0);
    // Domain 1 lags though domain 0 is current: behind the newest sample only.
    expect(replicaLagMs(samples, gtid('0-1-25,1-2-5'), 1300, gtidReached)).toBe(100);
    expect(replicaLagMs(samples, gtid('0-1-15,1-2-5'), 1300, gtidReached)).toBe(200);
    expect(replicaLagMs(samples, gtid('0-1-9,1-2-9'), 1300, gtidReached)).toBe(Number.POSITIVE_INFINITY);
    expect(positionAfterWrite(samples, 1050)).toEqual(gtid('0-1-20,1-2-5'));

    const choice = { staleAfterMs: 1000, maxLagMs: 150 };
    const current = { answeredAt: 1290, replayed: gtid('0-1-20,1-2-6') };
    const lagging = { answeredAt: 1290, replayed: gtid('0-1-20,1-2-5') };
    const behind = { answeredAt: 1290, replayed: gtid('0-1-10,1-2-5') };
    const down = { answeredAt: undefined, replayed: gtid('0-1-20,1-2-6') };
    const replicas = [current, lagging, behind, down];
    expect(eligibleReplicas(replicas, samples, null, 1300, choice, gtidReached)).toEqual([0, 1]);
    expect(eligibleReplicas(replicas, samples, gtid('0-1-20,1-2-6'), 1300, choice, gtidReached)).toEqual([0]);
    expect(eligibleReplicas(replicas, samples, undefined, 1300, choice, gtidReached)).toEqual([]);
  });
});
