import { describe, expect, it } from 'vitest';
import {
  addSample,
  formatBytes,
  formatDuration,
  secondsLeft,
  transferRate,
  type RateSample,
} from '../../../src/upload/lib/transfer-rate';

const feed = (points: [number, number][], windowMs = 5000) =>
  points.reduce<RateSample[]>((samples, [at, bytes]) => addSample(samples, { at, bytes }, windowMs), []);

describe('the speed over a sliding window', () => {
  it('has no speed until time has passed', () => {
    expect(transferRate([])).toBeNull();
    expect(transferRate(feed([[1000, 500]]))).toBeNull();
  });

  it('measures bytes per second between the window’s ends', () => {
    expect(
      transferRate(
        feed([
          [0, 0],
          [1000, 1000],
          [2000, 3000],
        ]),
      ),
    ).toBe(1500);
  });

  it('forgets what is older than the window, keeping the sample at its start', () => {
    // 1 KB/s for ten seconds, then 4 KB/s for five: the window sees only the fast part.
    const points: [number, number][] = [];
    for (let s = 0; s <= 10; s += 1) points.push([s * 1000, s * 1024]);
    for (let s = 11; s <= 15; s += 1) points.push([s * 1000, 10 * 1024 + (s - 10) * 4096]);
    const samples = feed(points);
    expect(samples[0]).toEqual({ at: 10_000, bytes: 10 * 1024 });
    expect(transferRate(samples)).toBe(4096);
  });

  it('counts a stall as slowing down, never as negative', () => {
    expect(
      transferRate(
        feed([
          [0, 0],
          [1000, 4000],
          [3000, 4000],
          [4000, 4000],
        ]),
      ),
    ).toBe(1000);
    expect(
      transferRate([
        { at: 0, bytes: 10 },
        { at: 1000, bytes: 5 },
      ]),
    ).toBe(0);
  });
});

describe('time left and the figures shown', () => {
  it('divides what is left by the speed, rounding up', () => {
    expect(secondsLeft(1000, 11_000, 3000)).toBe(4);
    expect(secondsLeft(11_000, 11_000, 3000)).toBe(0);
    expect(secondsLeft(0, 100, null)).toBeNull();
    expect(secondsLeft(0, 100, 0)).toBeNull();
  });

  it('writes bytes and durations briefly', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
