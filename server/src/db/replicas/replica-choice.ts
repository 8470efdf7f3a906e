/**
 * Rules of reading from replicas (pure): which replica may serve a user's read, given where the
 * primary's write-ahead log was when, and where each replica has replayed to.
 */

/** A PostgreSQL log position (`pg_lsn`, "16/B374D848") as a number that orders like it. */
export const parseLsn = (text: string): bigint => {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a log position`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
};

/** The primary's log position at a moment (epoch ms). */
export interface PrimarySample {
  at: number;
  position: bigint;
}

/** What was last learnt of a replica. */
export interface ReplicaState {
  /** When it last answered (epoch ms); undefined: never, or its last ask failed. */
  answeredAt: number | undefined;
  /** The position it has replayed to, when it last answered. */
  replayed: bigint;
}

/**
 * How far behind the primary a replica is, in ms: 0 when it has replayed the newest sampled
 * position; otherwise the time since the oldest sample it has not reached. Infinity when no sample
 * tells (it is behind every sample kept).
 */
export const replicaLagMs = (samples: readonly PrimarySample[], replayed: bigint, now: number): number => {
  const newest = samples[samples.length - 1];
  if (!newest || replayed >= newest.position) return 0;
  const firstMissed = samples.find((sample) => sample.position > replayed);
  const before = samples[samples.indexOf(firstMissed as PrimarySample) - 1];
  // Not reached since `firstMissed` was sampled, at the latest; reached what was sampled before.
  if (!before) return Number.POSITIVE_INFINITY;
  return now - (firstMissed as PrimarySample).at;
};

/**
 * The position a user's reads must see: the first primary sample taken after their last write
 * (the write had committed by then). Undefined when no such sample exists yet: their reads go to
 * the primary. `null` when they have not written (any replica within the lag bound will do).
 */
export const positionAfterWrite = (
  samples: readonly PrimarySample[],
  wroteAt: number | undefined,
): bigint | null | undefined => {
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
export const eligibleReplicas = (
  replicas: readonly ReplicaState[],
  samples: readonly PrimarySample[],
  needed: bigint | null | undefined,
  now: number,
  choice: ReplicaChoice,
): number[] => {
  if (needed === undefined) return [];
  return replicas.flatMap((replica, index) => {
    if (replica.answeredAt === undefined || now - replica.answeredAt > choice.staleAfterMs) return [];
    if (replicaLagMs(samples, replica.replayed, now) > choice.maxLagMs) return [];
    if (needed !== null && replica.replayed < needed) return [];
    return [index];
  });
};
