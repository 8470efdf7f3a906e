import { NAME_PATTERN } from '../../../../contract/reserved-words';
import { metadataMessage } from '../../i18n/metadata-messages';
import type { SequenceBody } from '../../schemas/sequence-body';
import type { ErrorBag } from '../tables/error-bag';
import { parseCounterFormat, parseTimeFormat } from './sequence-format';
import { DEFAULT_MAX_VALUE, DEFAULT_MIN_VALUE, isCounter, type SequenceDef } from './sequence-def';

const NUMBERS = ['minValue', 'maxValue', 'nextValue', 'incrementBy'] as const;

const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;

/** A create body with the defaults of a new sequence (a counter from 1 by 1). */
export const sequenceDefFromBody = (body: SequenceBody, errors: ErrorBag): SequenceDef => {
  if (body.sequenceType === undefined) errors.add('sequenceType', metadataMessage('required'));
  const sequence: SequenceDef = {
    name: body.name ?? '',
    caption: blankToNull(body.caption) ?? body.name ?? '',
    description: blankToNull(body.description),
    sequenceType: body.sequenceType ?? 'LONG',
    currentTime: body.currentTime ?? false,
    format: blankToNull(body.format),
    minValue: body.minValue ?? null,
    maxValue: body.maxValue ?? null,
    nextValue: body.nextValue ?? null,
    incrementBy: body.incrementBy ?? null,
    cycle: body.cycle ?? false,
  };
  if (isCounter(sequence)) {
    sequence.minValue ??= DEFAULT_MIN_VALUE;
    sequence.maxValue ??= DEFAULT_MAX_VALUE;
    sequence.nextValue ??= sequence.minValue;
    sequence.incrementBy ??= 1;
  }
  return sequence;
};

/** A PATCH body over a stored sequence: fields present replace, null clears (flags keep). */
export const mergeSequenceBody = (stored: SequenceDef, body: SequenceBody): SequenceDef => {
  const sequence: SequenceDef = { ...stored };
  if (body.name !== undefined) sequence.name = body.name;
  if (body.caption !== undefined) sequence.caption = body.caption ?? '';
  if (body.description !== undefined) sequence.description = blankToNull(body.description);
  if (body.sequenceType !== undefined) sequence.sequenceType = body.sequenceType;
  if (body.currentTime !== undefined && body.currentTime !== null) sequence.currentTime = body.currentTime;
  if (body.cycle !== undefined && body.cycle !== null) sequence.cycle = body.cycle;
  if (body.format !== undefined) sequence.format = blankToNull(body.format);
  for (const field of NUMBERS) if (body[field] !== undefined) sequence[field] = body[field] ?? null;
  return sequence;
};

const safe = (value: number | null) => value === null || Number.isSafeInteger(value);

/**
 * Rules of docs/api.md §2.2: the name (letters, digits, underscores), whole numbers within ±(2^53-1),
 * for a counter minValue ≤ nextValue ≤ maxValue (nextValue only when it is being set: a used-up
 * sequence stores maxValue + incrementBy) and incrementBy ≥ 1, and a format that fits the type.
 */
export const validateSequenceDef = (sequence: SequenceDef, body: SequenceBody, errors: ErrorBag): void => {
  if (!sequence.name) errors.add('name', metadataMessage('required'));
  else if (!NAME_PATTERN.test(sequence.name)) errors.add('name', metadataMessage('namePattern'));
  for (const field of NUMBERS) {
    if (!safe(sequence[field])) errors.add(field, metadataMessage('sequenceNumber'));
  }
  if (isCounter(sequence)) {
    const { minValue: min, maxValue: max, nextValue: next, incrementBy } = sequence;
    if (min !== null && max !== null && min > max) errors.add('minValue', metadataMessage('sequenceRange'));
    const settingNext =
      body.nextValue !== undefined || body.minValue !== undefined || body.maxValue !== undefined;
    if (settingNext && next !== null && ((min !== null && next < min) || (max !== null && next > max))) {
      errors.add('nextValue', metadataMessage('sequenceNextRange'));
    }
    if (incrementBy !== null && incrementBy < 1)
      errors.add('incrementBy', metadataMessage('sequenceIncrement'));
    if (sequence.format !== null && !parseCounterFormat(sequence.format)) {
      errors.add('format', metadataMessage('sequenceCounterFormat'));
    }
  } else if (sequence.currentTime && sequence.sequenceType === 'STRING' && sequence.format !== null) {
    if (!parseTimeFormat(sequence.format)) errors.add('format', metadataMessage('sequenceTimeFormat'));
  }
};
