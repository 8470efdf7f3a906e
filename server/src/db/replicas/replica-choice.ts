/**
 * Rules of reading from replicas (pure): which replica may serve a user's read, given where the
 * primary's log was when, and where each replica has replayed to. A position is whatever the
 * database tells (PostgreSQL: a WAL position as a bigint; MariaDB: a GTID state, gtid-position.ts);
 * `reached(replayed, sample)` says whether a replica that has replayed to `replayed` has everything
 * the primary had committed when it was at `sample`. Without one, positions are bigints in order.
 */

/** Whether a replica at `replayed` has replayed everything up to the primary's `sample`. */
export type Reached<P> = (replayed: P, sample: P) => boolean;

/** A PostgreSQL log position (`pg_lsn`, "16/B374D848") as a number that orders like it. */
export const parseLsn = (text: string): bigint => {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a log position`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
};

/** Positions that are numbers in log order (PostgreSQL). */
export const lsnReached: Reached<bigint> = (replayed, sample) => replayed >= sample;

/** The primary's log position at a moment (epoch ms). */
export interface PrimarySample<P = bigint> {
  at: number;
  position: P;
}

/** What was last learnt of a replica. */
export interface ReplicaState<P = bigint> {
  /** When it last answered (epoch ms); undefined: never, or its last ask failed. */
  answeredAt: number | undefined;
  /** The position it has replayed to, when it last answered. */
  replayed: P;
}

/**
 * How far behind the primary a replica is, in ms: 0 when it has replayed the newest sampled
 * position; otherwise the time since the oldest sample it has not reached. Infinity when no sample
 * tells (it is behind every sample kept).
 */
export function replicaLagMs(samples: readonly PrimarySample[], replayed: bigint, now: number): number;
export function replicaLagMs<P>(
  samples: readonly PrimarySample<P>[],
  replayed: P,
  now: number,
  reached: Reached<P>,
): number;
export function replicaLagMs<P>(
  samples: readonly PrimarySample<P>[],
  replayed: P,
  now: number,
  reached: Reached<P> = lsnReached as unknown as Reached<P>,
): number {
  const newest = samples[samples.length - 1];
  if (!newest || reached(replayed, newest.position)) return 0;
  const missed = samples.findIndex((sample) => !reached(replayed, sample.position));
  // Not reached since the first missed sample was taken, at the latest; reached what was sampled before.
  if (missed <= 0) return Number.POSITIVE_INFINITY;
  return now - (samples[missed] as PrimarySample<P>).at;
}

/**
 * The position a user's reads must see: the first primary sample taken after their last write
 * (the write had committed by then). Undefined when no such sample exists yet: their reads go to
 * the primary. `null` when they have not written (any replica within the lag bound will do).
 */
export const positionAfterWrite = <P>(
  samples: readonly PrimarySample<P>[],
  wroteAt: number | undefined,
): P | null | undefined => {
  if (wroteAt === undefined) return null;
  return samples.find((sample) => sample.at > wroteAt)?.position;
};

export interface ReplicaChoice {
  /** How old a replica's last answer may be before it counts as down. */
  staleAfterMs: number;
  /** REPLICA_MAX_LAG_MS: a replica further behind is skipped. */
  maxLagMs: number;
}

/**
 * The indexes of the replicas that may serve a read that must see `needed` (null: nothing in
 * particular; undefined: only the primary can), at `now`: up, within the lag bound, and replayed
 * to `needed`.
 */
export function eligibleReplicas(
  replicas: readonly ReplicaState[],
  samples: readonly PrimarySample[],
  needed: bigint | null | undefined,
  now: number,
  choice: ReplicaChoice,
): number[];
export function eligibleReplicas<P>(
  replicas: readonly ReplicaState<P>[],
  samples: readonly PrimarySample<P>[],
  needed: P | null | undefined,
  now: number,
  choice: ReplicaChoice,
  reached: Reached<P>,
): number[];
export function eligibleReplicas<P>(
  replicas: readonly ReplicaState<P>[],
  samples: readonly PrimarySample<P>[],
  needed: P | null | undefined,
  now: number,
  choice: ReplicaChoice,
  reached: Reached<P> = lsnReached as unknown as Reached<P>,
): number[] {
  if (needed === undefined) return [];
  return replicas.flatMap((replica, index) => {
    if (replica.answeredAt === undefined || now - replica.answeredAt > choice.staleAfterMs) return [];
    if (replicaLagMs(samples, replica.replayed, now, reached) > choice.maxLagMs) return [];
    if (needed !== null && !reached(replica.replayed, needed)) return [];
    return [index];
  });
}
