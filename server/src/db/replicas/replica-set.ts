import type { Knex } from 'knex';
import { isConnectionError } from '../../errors/is-connection-error';
import {
  eligibleReplicas,
  parseLsn,
  positionAfterWrite,
  type PrimarySample,
  type ReplicaChoice,
  type ReplicaState,
} from './replica-choice';

/** How often the primary's position and each replica's are read. */
export const REPLICA_POLL_MS = 100;
/** A replica that has not answered for this long counts as down. */
const STALE_AFTER_MS = 1000;
/** A write older than this no longer steers its user's reads (the lag bound has passed long since). */
const FORGET_WRITES_AFTER_MS = 10 * 60 * 1000;

/** One replica's handles: its pool, and the same under the query timeout (business reads). */
export interface ReplicaHandles {
  knex: Knex;
  reads: Knex;
}

/**
 * The read replicas of a PostgreSQL data source. Every `REPLICA_POLL_MS` it reads the primary's
 * write-ahead log position and each replica's replayed position; `pick` gives a user's read a
 * replica that is up, within `maxLagMs` of the primary and, if the user wrote, replayed past their
 * last write (read your writes); else nothing, and the read goes to the primary. Other users' reads
 * may go to a replica at once.
 */
export class ReplicaSet {
  private readonly samples: PrimarySample[] = [];
  private readonly states: ReplicaState[];
  private readonly writes = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private turn = 0;
  private everyoneAt: number | undefined;
  private polling = false;
  private readonly keepSamplesMs: number;
  private readonly choice: ReplicaChoice;

  constructor(
    private readonly primary: Knex,
    readonly replicas: readonly ReplicaHandles[],
    maxLagMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.states = replicas.map(() => ({ answeredAt: undefined, replayed: 0n }));
    // A replica that stops answering is skipped from its first failed read, not from the next poll.
    replicas.forEach((replica, index) => {
      replica.knex.on('query-error', (error: unknown) => {
        if (isConnectionError(error)) (this.states[index] as ReplicaState).answeredAt = undefined;
      });
    });
    this.choice = { staleAfterMs: STALE_AFTER_MS, maxLagMs };
    this.keepSamplesMs = Math.max(maxLagMs * 2, 5000);
  }

  /** Starts reading positions; `stop` ends it. */
  start(): void {
    this.timer ??= setInterval(() => void this.poll(), REPLICA_POLL_MS);
    this.timer.unref();
    void this.poll();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One round: the primary's position, then every replica's. Never throws. */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const at = this.now();
      try {
        const { rows } = (await this.primary.raw('SELECT pg_catalog.pg_current_wal_lsn()::text AS lsn')) as {
          rows: { lsn: string }[];
        };
        this.samples.push({ at, position: parseLsn(rows[0]?.lsn ?? '') });
        while (this.samples.length > 2 && (this.samples[0] as PrimarySample).at < at - this.keepSamplesMs)
          this.samples.shift();
      } catch {
        // The primary is unreachable: its requests answer 503 on their own.
      }
      await Promise.all(
        this.replicas.map(async (replica, index) => {
          const state = this.states[index] as ReplicaState;
          try {
            const { rows } = (await replica.knex.raw(
              'SELECT pg_catalog.pg_last_wal_replay_lsn()::text AS lsn',
            )) as { rows: { lsn: string | null }[] };
            const lsn = rows[0]?.lsn;
            // A server that is not replaying (a promoted or plain server) is no replica of ours.
            if (!lsn) throw new Error('not a standby');
            state.replayed = parseLsn(lsn);
            state.answeredAt = this.now();
          } catch {
            state.answeredAt = undefined;
          }
        }),
      );
    } finally {
      this.polling = false;
    }
  }

  /** Notes that `userId` wrote to the data source just now. */
  wrote(userId: number): void {
    const now = this.now();
    this.writes.set(userId, now);
    if (this.writes.size > 10_000) {
      for (const [user, at] of this.writes) if (at < now - FORGET_WRITES_AFTER_MS) this.writes.delete(user);
    }
  }

  /**
   * Notes a change every reader must see before reading from a replica: a schema change (a lagging
   * replica would not have the new column the metadata, read from the primary, already names).
   */
  wroteForAll(): void {
    this.everyoneAt = this.now();
  }

  /** A replica for `userId`'s read, or undefined: read from the primary. */
  pick(userId: number): ReplicaHandles | undefined {
    const now = this.now();
    const own = this.writes.get(userId);
    const wroteAt =
      own === undefined
        ? this.everyoneAt
        : this.everyoneAt === undefined
          ? own
          : Math.max(own, this.everyoneAt);
    const needed = positionAfterWrite(this.samples, wroteAt);
    const eligible = eligibleReplicas(this.states, this.samples, needed, now, this.choice);
    if (eligible.length === 0) return undefined;
    this.turn = (this.turn + 1) % eligible.length;
    return this.replicas[eligible[this.turn] as number];
  }

  /** The replicas' pools, to close with the data source. */
  handles(): Knex[] {
    return this.replicas.map((replica) => replica.knex);
  }
}
