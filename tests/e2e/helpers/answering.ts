import type { ChildProcess } from 'node:child_process';

/**
 * Waits until `url` answers 200, for at most `within` ms; fails early, with what the process
 * printed, when the process that should answer exits.
 */
export const answering = async (
  url: string,
  child: ChildProcess,
  output: () => string,
  within: number,
): Promise<void> => {
  const deadline = Date.now() + within;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within ${within} ms:\n${output()}`);
};
