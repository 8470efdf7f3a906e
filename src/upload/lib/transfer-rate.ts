/** Bytes done at a moment (ms). */
export interface RateSample {
  at: number;
  bytes: number;
}

/** The speed is measured over the last five seconds, so it follows the link without jumping. */
export const RATE_WINDOW_MS = 5000;

/**
 * The samples of the window ending at `sample`: the ones of the last `windowMs`, plus the newest
 * older one (the window's start), plus `sample`. Samples come in time order.
 */
export const addSample = (
  samples: readonly RateSample[],
  sample: RateSample,
  windowMs = RATE_WINDOW_MS,
): RateSample[] => {
  const from = sample.at - windowMs;
  let start = 0;
  while (start + 1 < samples.length && (samples[start + 1] as RateSample).at <= from) start += 1;
  return [...samples.slice(start), sample];
};

/** Bytes per second over the samples, or null while they span no time yet. */
export const transferRate = (samples: readonly RateSample[]): number | null => {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at <= first.at) return null;
  return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
};

/** Whole seconds left at `rate` bytes per second, or null while there is no rate. */
export const secondsLeft = (done: number, total: number, rate: number | null): number | null => {
  if (rate === null || rate <= 0) return null;
  return Math.ceil(Math.max(0, total - done) / rate);
};

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** `1536` → `1.5 KB`; one decimal below 10 of a unit, none above. */
export const formatBytes = (bytes: number): string => {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit] as string}`;
};

/** `75` → `1:15`, `3725` → `1:02:05`. */
export const formatDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};
