import type { Knex } from 'knex';
import type { ReplicaPositions } from '../../dialects/sql/sql-dialect';
import { isConnectionError } from '../../errors/is-connection-error';
import {
  eligibleReplicas,
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
 * The read replicas of a data source (PostgreSQL, MariaDB). Every `REPLICA_POLL_MS` it reads the
 * primary's log position and each replica's replayed position (as the dialect's `positions` tell
 * them); `pick` gives a user's read a replica that is up, within `maxLagMs` of the primary and, if
 * the user wrote, replayed past their last write (read your writes); else nothing, and the read
 * goes to the primary. Other users' reads may go to a replica at once. Until the primary's position
 * has been read once, every read goes to the primary.
 */
export class ReplicaSet<P = unknown> {
  private readonly samples: PrimarySample<P>[] = [];
  private readonly states: ReplicaState<P>[];
  private readonly writes = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private turn = 0;
  private everyoneAt: number | undefined;
  private polling = false;
  private readonly keepSamplesMs: number;
  private readonly choice: ReplicaChoice;

  constructor(
    private readonly positions: ReplicaPositions<P>,
    private readonly primary: Knex,
    readonly replicas: readonly ReplicaHandles[],
    maxLagMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.states = replicas.map(() => ({ answeredAt: undefined, replayed: positions.origin }));
    // A replica that stops answering is skipped from its first failed read, not from the next poll.
    replicas.forEach((replica, index) => {
      replica.knex.on('query-error', (error: unknown) => {
        if (isConnectionError(error)) (this.states[index] as ReplicaState<P>).answeredAt = undefined;
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
        this.samples.push({ at, position: await this.positions.primary(this.primary) });
        while (this.samples.length > 2 && (this.samples[0] as PrimarySample<P>).at < at - this.keepSamplesMs)
          this.samples.shift();
      } catch {
        // The primary is unreachable: its requests answer 503 on their own.
      }
      await Promise.all(
        this.replicas.map(async (replica, index) => {
          const state = this.states[index] as ReplicaState<P>;
          try {
            // Throws for a server that is not replaying (a promoted or plain server): no replica of ours.
            state.replayed = await this.positions.replayed(replica.knex);
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
    // No position of the primary yet (just started, or it cannot tell): no lag is known.
    if (this.samples.length === 0) return undefined;
    const needed = positionAfterWrite(this.samples, wroteAt);
    const eligible = eligibleReplicas(
      this.states,
      this.samples,
      needed,
      now,
      this.choice,
      this.positions.reached,
    );
    if (eligible.length === 0) return undefined;
    this.turn = (this.turn + 1) % eligible.length;
    return this.replicas[eligible[this.turn] as number];
  }

  /** The replicas' pools, to close with the data source. */
  handles(): Knex[] {
    return this.replicas.map((replica) => replica.knex);
  }
}
