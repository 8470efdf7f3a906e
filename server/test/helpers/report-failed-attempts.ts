import { beforeEach, onTestFailed } from 'vitest';

/**
 * Prints every failed attempt of a server test as it happens. A test that passes on its retry is
 * reported as passed and its first attempt's error would be lost; printed here, a test that fails
 * now and then leaves in the run's log what went wrong, and where.
 */
beforeEach(() => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    for (const error of task.result?.errors ?? []) {
      const where =
        (error.stack ?? '').split('\n').find((line) => /\/(test|src)\/.*\.test\.ts/.test(line)) ?? '';
      process.stderr.write(
        `[server attempt ${attempt} failed] ${task.fullName}\n${error.message.slice(0, 2000)}\n${where.trim()}\n`,
      );
    }
  });
});
