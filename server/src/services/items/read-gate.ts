import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import { Slots } from '../slots';

export interface ReadGateLimits {
  /** Reads one user may have running at once. */
  maxPerUser: number;
  /** Reads one user may have waiting for their turn; more are refused. */
  maxWaitingPerUser: number;
  /** How long a read waits for its turn before it is refused. */
  waitMs: number;
}

interface Line {
  slots: Slots;
  /** Calls running or waiting. */
  calls: number;
}

const RETRY = { headers: { 'retry-after': '1' } };

/**
 * Business reads per user: at most `maxPerUser` run at once, up to `maxWaitingPerUser` more wait
 * their turn (each at most `waitMs`), and past that a call is refused with 429 at once. One user's
 * parallel reads then take at most `maxPerUser` database connections, whatever they send. One gate
 * per server.
 */
export class ReadGate {
  private readonly lines = new Map<string, Line>();
  constructor(private readonly limits: ReadGateLimits) {}

  async run<T>(user: string, work: () => Promise<T>): Promise<T> {
    const { maxPerUser, maxWaitingPerUser, waitMs } = this.limits;
    let line = this.lines.get(user);
    if (!line) {
      line = { slots: new Slots(maxPerUser), calls: 0 };
      this.lines.set(user, line);
    }
    if (line.calls >= maxPerUser + maxWaitingPerUser) {
      throw new ApiException(
        'TOO_MANY_REQUESTS',
        itemsMessage('busyReads', { count: line.calls }),
        undefined,
        RETRY,
      );
    }
    line.calls += 1;
    try {
      if (!(await line.slots.take(waitMs))) {
        throw new ApiException(
          'TOO_MANY_REQUESTS',
          itemsMessage('busyReads', { count: line.calls }),
          undefined,
          RETRY,
        );
      }
      try {
        return await work();
      } finally {
        line.slots.give();
      }
    } finally {
      line.calls -= 1;
      if (line.calls === 0) this.lines.delete(user);
    }
  }
}
