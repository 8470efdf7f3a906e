import type { SequenceType } from '../../../../contract/index';

/** A sequence as stored (docs/api.md §2.2), every field present. */
export interface SequenceDef {
  id?: number;
  name: string;
  caption: string;
  description: string | null;
  sequenceType: SequenceType;
  currentTime: boolean;
  format: string | null;
  minValue: number | null;
  maxValue: number | null;
  nextValue: number | null;
  incrementBy: number | null;
  cycle: boolean;
}

export const DEFAULT_MIN_VALUE = 1;
export const DEFAULT_MAX_VALUE = Number.MAX_SAFE_INTEGER;

/** Whether the sequence counts (as opposed to GUIDs and timestamps). */
export const isCounter = (sequence: Pick<SequenceDef, 'sequenceType' | 'currentTime'>): boolean =>
  sequence.sequenceType !== 'GUID' && !sequence.currentTime;
