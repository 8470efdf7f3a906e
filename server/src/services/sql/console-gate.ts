import { ApiException } from '../../errors/api-exception';
import { sqlMessage } from '../../i18n/sql-messages';
import { Slots } from '../slots';

const RETRY = { headers: { 'retry-after': '1' } };

export interface ConsoleGateLimits {
  /** Statements running at once per data source. */
  poolSize: number;
  /** Calls one user may have in flight. */
  maxPerUser: number;
  /** Calls in flight in all. */
  maxInFlight: number;
}

/**
 * The SQL console's ceilings on work in flight: calls per user and in all (over either: 429 at
 * once), and statements running at once per data source (the others wait their turn, at most
 * `waitMs`, then 429). One gate per server.
 */
export class ConsoleGate {
  private inFlight = 0;
  private readonly perUser = new Map<string, number>();
  private readonly slots = new Map<string, Slots>();
  constructor(private readonly limits: ConsoleGateLimits) {}

  async run<T>(user: string, dataSource: string, waitMs: number, work: () => Promise<T>): Promise<T> {
    const mine = this.perUser.get(user) ?? 0;
    if (mine >= this.limits.maxPerUser) {
      throw new ApiException('TOO_MANY_REQUESTS', sqlMessage('busyUser', { count: mine }), undefined, RETRY);
    }
    if (this.inFlight >= this.limits.maxInFlight) {
      throw new ApiException(
        'TOO_MANY_REQUESTS',
        sqlMessage('busyServer', { count: this.inFlight }),
        undefined,
        RETRY,
      );
    }
    this.inFlight += 1;
    this.perUser.set(user, mine + 1);
    try {
      let slots = this.slots.get(dataSource);
      if (!slots) {
        slots = new Slots(this.limits.poolSize);
        this.slots.set(dataSource, slots);
      }
      if (!(await slots.take(waitMs))) {
        throw new ApiException(
          'TOO_MANY_REQUESTS',
          sqlMessage('busyServer', { count: this.inFlight }),
          undefined,
          RETRY,
        );
      }
      try {
        return await work();
      } finally {
        slots.give();
      }
    } finally {
      this.inFlight -= 1;
      const left = (this.perUser.get(user) ?? 1) - 1;
      if (left > 0) this.perUser.set(user, left);
      else this.perUser.delete(user);
    }
  }
}
