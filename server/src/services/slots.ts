/** A counting semaphore whose waiters give up after a while. */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  /** Resolves true once a slot is held, false when none was free within `waitMs`. */
  take(waitMs: number): Promise<boolean> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(wake);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(false);
      }, waitMs);
      this.waiting.push(wake);
    });
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}
