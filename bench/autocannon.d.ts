/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn (paths relative to `url`). */
    requests?: { method?: string; path: string }[];
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers per HTTP status code. */
    statusCodeStats?: Record<string, { count: number }>;
  }
  const autocannon: (options: Options) => Promise<Result>;
  export default autocannon;
}
