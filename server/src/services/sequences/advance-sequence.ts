import { randomUUID } from 'node:crypto';
import { DEFAULT_TIME_FORMAT, formatCounter, formatTime } from './sequence-format';
import { DEFAULT_MAX_VALUE, DEFAULT_MIN_VALUE, type SequenceDef } from './sequence-def';

export type Advance =
  | { kind: 'value'; value: number | string; /** what to store as nextValue, if anything */ store?: number }
  | { kind: 'exhausted' };

/**
 * The next value of a sequence and what its row stores afterwards (pure; the caller holds the
 * row lock). GUID: 32 hex digits. currentTime: the epoch milliseconds, kept strictly increasing
 * (one more than the last issued when the clock has not moved), as a number for LONG or written
 * with the time format for STRING. Counter: nextValue (the minimum when unset), then nextValue +
 * incrementBy; past maxValue it restarts at minValue when `cycle`, else it is exhausted. LONG
 * without a format gives a number; with a format, and STRING, give the formatted text.
 */
export const advanceSequence = (sequence: SequenceDef, now: number): Advance => {
  if (sequence.sequenceType === 'GUID') return { kind: 'value', value: randomUUID().replace(/-/g, '') };
  if (sequence.currentTime) {
    const issued = Math.max(now, (sequence.nextValue ?? 0) + 1);
    const value =
      sequence.sequenceType === 'LONG' ? issued : formatTime(sequence.format || DEFAULT_TIME_FORMAT, issued);
    return { kind: 'value', value, store: issued };
  }
  const min = sequence.minValue ?? DEFAULT_MIN_VALUE;
  const max = sequence.maxValue ?? DEFAULT_MAX_VALUE;
  let issued = Math.max(sequence.nextValue ?? min, min);
  if (issued > max) {
    if (!sequence.cycle) return { kind: 'exhausted' };
    issued = min;
  }
  const store = issued + (sequence.incrementBy ?? 1);
  const value = sequence.format
    ? formatCounter(sequence.format, issued)
    : sequence.sequenceType === 'LONG'
      ? issued
      : String(issued);
  return { kind: 'value', value, store };
};
