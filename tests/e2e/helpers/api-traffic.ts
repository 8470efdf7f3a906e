import type { Page } from 'playwright-core';

export interface ApiTraffic {
  /**
   * Resolves once no API request of the page has been in flight for `quietMs` (polled every
   * 100 ms), or throws after `timeoutMs`. A sliding session is extended by every request it
   * serves, so with a lifetime shorter than `quietMs` it has surely expired when this resolves.
   */
  waitForQuiet: (quietMs: number, timeoutMs?: number) => Promise<void>;
}

/** Follows the page's `/api/` requests from the moment it is called. */
export const trackApiTraffic = (page: Page): ApiTraffic => {
  let inFlight = 0;
  let lastDone = Date.now();
  const isApi = (url: string) => new URL(url).pathname.includes('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) inFlight += 1;
  });
  const done = (request: { url: () => string }) => {
    if (!isApi(request.url())) return;
    inFlight = Math.max(0, inFlight - 1);
    lastDone = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    waitForQuiet: async (quietMs, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - lastDone < quietMs) {
        if (Date.now() > deadline)
          throw new Error(
            `API requests did not stop for ${quietMs} ms within ${timeoutMs} ms (${inFlight} in flight)`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
};
