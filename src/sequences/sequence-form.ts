import type { Sequence, SequenceType } from '../../contract';
import { issue, nameIssue, type Issues } from '../common/lib/name-rules';

/** What the sequence form edits. Numbers are null while empty. */
export interface SequenceDraft {
  name: string;
  caption: string;
  description: string;
  sequenceType: SequenceType;
  currentTime: boolean;
  format: string;
  minValue: number | null;
  maxValue: number | null;
  nextValue: number | null;
  incrementBy: number | null;
  cycle: boolean;
}

export type SequenceField = Exclude<keyof SequenceDraft, 'name' | 'caption' | 'description' | 'sequenceType'>;

/** crudapi's create defaults. */
export const newSequenceDraft = (): SequenceDraft => ({
  name: '',
  caption: '',
  description: '',
  sequenceType: 'STRING',
  currentTime: false,
  format: '',
  minValue: 1,
  maxValue: 999999999,
  nextValue: 1,
  incrementBy: 1,
  cycle: false,
});

export const toSequenceDraft = (sequence: Sequence): SequenceDraft => ({
  name: sequence.name ?? '',
  caption: sequence.caption ?? '',
  description: sequence.description ?? '',
  sequenceType: sequence.sequenceType ?? 'STRING',
  currentTime: Boolean(sequence.currentTime),
  format: sequence.format ?? '',
  minValue: sequence.minValue ?? null,
  maxValue: sequence.maxValue ?? null,
  nextValue: sequence.nextValue ?? null,
  incrementBy: sequence.incrementBy ?? null,
  cycle: Boolean(sequence.cycle),
});

const COUNTER_FIELDS = ['minValue', 'maxValue', 'nextValue', 'incrementBy', 'cycle'] as const;

/**
 * Which fields apply to the chosen type: a GUID takes none of them; a time stamp (时间戳) takes
 * no counter; only STRING sequences have a format (printf style for a counter, a date pattern for
 * a time stamp).
 */
export const isSequenceFieldEnabled = (
  draft: Pick<SequenceDraft, 'sequenceType' | 'currentTime'>,
  field: SequenceField,
): boolean => {
  if (draft.sequenceType === 'GUID') return false;
  if (field === 'currentTime') return true;
  if (field === 'format') return draft.sequenceType === 'STRING';
  return !draft.currentTime;
};

const integerIssue = (value: number | null) => {
  if (value === null) return issue('required');
  return Number.isSafeInteger(value) ? null : issue('integer');
};

/** A counter format (`SO_%09d`) has exactly one `%d` placeholder, optionally with a width; `%%` is a literal %. */
export const isCounterFormat = (format: string): boolean => {
  const rest = format.replace(/%%/g, '');
  return (rest.match(/%0?\d*d/g) ?? []).length === 1 && rest.replace(/%0?\d*d/, '').indexOf('%') === -1;
};

/**
 * Checks before saving, as the server makes them: a valid code (编码), whole numbers for the
 * counter fields, min ≤ next ≤ max, a positive step, and for STRING sequences a format (one `%d`
 * placeholder for a counter).
 */
export const validateSequence = (draft: SequenceDraft): Issues => {
  const out: Issues = {};
  const name = nameIssue(draft.name);
  if (name && name.key !== 'reservedWord') out.name = name;
  if (isSequenceFieldEnabled(draft, 'format')) {
    if (!draft.format.trim()) out.format = issue('required');
    else if (!draft.currentTime && !isCounterFormat(draft.format.trim())) out.format = issue('counterFormat');
  }
  if (!isSequenceFieldEnabled(draft, 'minValue')) return out;
  for (const field of ['minValue', 'maxValue', 'nextValue', 'incrementBy'] as const) {
    const problem = integerIssue(draft[field]);
    if (problem) out[field] = problem;
  }
  if (!out.incrementBy && (draft.incrementBy ?? 0) < 1) out.incrementBy = issue('stepPositive');
  const { minValue: min, maxValue: max, nextValue: next } = draft;
  if (out.minValue || out.maxValue || out.nextValue || min === null || max === null || next === null)
    return out;
  if (min > max) out.maxValue = issue('maxBelowMin');
  else if (next < min || next > max) out.nextValue = issue('nextOutOfRange', { min, max });
  return out;
};

/** The body of POST / PATCH `/api/metadata/sequences`: fields that do not apply are null. */
export const buildSequencePayload = (draft: SequenceDraft): Sequence => {
  const payload: Sequence = {
    name: draft.name.trim(),
    caption: draft.caption.trim(),
    description: draft.description.trim() || null,
    sequenceType: draft.sequenceType,
    currentTime: isSequenceFieldEnabled(draft, 'currentTime') ? draft.currentTime : false,
    format: isSequenceFieldEnabled(draft, 'format') ? draft.format.trim() : null,
    cycle: false,
  };
  for (const field of COUNTER_FIELDS) {
    const enabled = isSequenceFieldEnabled(draft, field);
    if (field === 'cycle') payload.cycle = enabled ? draft.cycle : false;
    else payload[field] = enabled ? draft[field] : null;
  }
  return payload;
};
