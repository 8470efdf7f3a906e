import type { ReadCost } from '../query/read-cost';

export interface FairQueueLimits {
  /** Calls running at once, all users together. */
  maxRunning: number;
  /** Of those, expensive calls running at once; the rest stays free for cheap ones. */
  maxExpensive: number;
}

/** What a queue holds at one moment. */
export interface FairQueueState {
  running: number;
  expensiveRunning: number;
  /** Calls waiting, by user, the next user to be served first. */
  waiting: [user: string, costs: ReadCost[]][];
}

interface Waiter {
  cost: ReadCost;
  grant: () => void;
}

/**
 * Running places shared fairly between users: at most `maxRunning` calls hold one at once, and at
 * most `maxExpensive` of them expensive ones. When places are taken, callers wait in a line per
 * user, and a freed place goes to the users in turn (round robin), not to the oldest call: a
 * user who sends many calls waits for their own, not the others for them. Within one user's line
 * the oldest call that may run goes first (a cheap one passes the user's expensive ones when only
 * the expensive places are taken). Memory only: one queue per data source per server.
 */
export class FairQueue {
  private running = 0;
  private expensiveRunning = 0;
  /** Users with calls waiting, in turn order (Map order: a served user moves to the back). */
  private readonly lines = new Map<string, Waiter[]>();

  constructor(private readonly limits: FairQueueLimits) {}

  /** Resolves true once a place is held (give it back with `give(cost)`), false after `waitMs` without one. */
  take(user: string, cost: ReadCost, waitMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wait: { timer?: NodeJS.Timeout } = {};
      const waiter: Waiter = {
        cost,
        grant: () => {
          clearTimeout(wait.timer);
          resolve(true);
        },
      };
      const line = this.lines.get(user);
      if (line) line.push(waiter);
      else this.lines.set(user, [waiter]);
      this.serve();
      if (!this.isWaiting(user, waiter)) return;
      wait.timer = setTimeout(() => {
        this.leave(user, waiter);
        resolve(false);
      }, waitMs);
    });
  }

  /** Gives back a place taken with `take(…, cost)`, and hands it on. */
  give(cost: ReadCost): void {
    this.running -= 1;
    if (cost === 'expensive') this.expensiveRunning -= 1;
    this.serve();
  }

  state(): FairQueueState {
    return {
      running: this.running,
      expensiveRunning: this.expensiveRunning,
      waiting: [...this.lines].map(([user, line]) => [user, line.map((waiter) => waiter.cost)]),
    };
  }

  private admits(cost: ReadCost): boolean {
    if (this.running >= this.limits.maxRunning) return false;
    return cost === 'cheap' || this.expensiveRunning < this.limits.maxExpensive;
  }

  /** Grants free places to waiting calls, one user at a time in turn. */
  private serve(): void {
    let granted = true;
    while (granted && this.running < this.limits.maxRunning) {
      granted = false;
      for (const [user, line] of this.lines) {
        const at = line.findIndex((waiter) => this.admits(waiter.cost));
        if (at < 0) continue;
        const [waiter] = line.splice(at, 1);
        // The user goes to the back of the turns (with what is left of their line).
        this.lines.delete(user);
        if (line.length > 0) this.lines.set(user, line);
        if (!waiter) continue;
        this.running += 1;
        if (waiter.cost === 'expensive') this.expensiveRunning += 1;
        waiter.grant();
        granted = true;
        break;
      }
    }
  }

  private isWaiting(user: string, waiter: Waiter): boolean {
    return this.lines.get(user)?.includes(waiter) ?? false;
  }

  private leave(user: string, waiter: Waiter): void {
    const line = this.lines.get(user);
    if (!line) return;
    const at = line.indexOf(waiter);
    if (at >= 0) line.splice(at, 1);
    if (line.length === 0) this.lines.delete(user);
  }
}
