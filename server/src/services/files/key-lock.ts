/**
 * Runs tasks one at a time per key, in arrival order (an in-process mutex per key). Keys with
 * nothing queued are forgotten.
 */
export class KeyLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task, task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Whether a task of `key` is running or waiting. */
  busy(key: string): boolean {
    return this.tails.has(key);
  }
}
