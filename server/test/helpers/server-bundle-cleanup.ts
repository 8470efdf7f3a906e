import { bundleCleanup } from './server-bundle';

/**
 * Vitest global setup of the suites that start server processes: the server bundle their workers
 * build is this run's, and removed at its end (server-bundle.ts).
 */
export default function setup(): () => void {
  return bundleCleanup();
}
