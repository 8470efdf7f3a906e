import { beforeEach, onTestFailed } from 'vitest';

/**
 * Prints every failed attempt of a browser test as it happens. A test that passes on its retry is
 * reported as passed, and the first attempt's error would be lost; printed here, a test that
 * fails now and then leaves in the run's log what went wrong.
 */
beforeEach(() => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    for (const error of task.result?.errors ?? []) {
      const where = (error.stack ?? '').split('\n').find((line) => line.includes('/tests/e2e/')) ?? '';
      process.stderr.write(
        `[e2e attempt ${attempt} failed] ${task.file?.name ?? ''} > ${task.name}\n${error.message}\n${where.trim()}\n`,
      );
    }
  });
});
