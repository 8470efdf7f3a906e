import { Type, type Static } from 'typebox';
import { SEQUENCE_TYPES } from '../../../contract/index';
import { Nullable } from './common';
import { BooleanOrNull, IntegerOrNull, StringOrNull } from './or-null';

const Whole = Type.Optional(IntegerOrNull());

export const SequenceBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 1000 })),
    caption: Type.Optional(StringOrNull({ maxLength: 200 })),
    description: Type.Optional(StringOrNull({ maxLength: 4000 })),
    sequenceType: Type.Optional(Type.Enum(SEQUENCE_TYPES)),
    currentTime: Type.Optional(BooleanOrNull()),
    format: Type.Optional(StringOrNull({ maxLength: 200 })),
    minValue: Whole,
    maxValue: Whole,
    nextValue: Whole,
    incrementBy: Whole,
    cycle: Type.Optional(BooleanOrNull()),
  },
  { description: 'Sequence metadata (docs/api.md §2.2); on PATCH only the fields present change' },
);
export type SequenceBody = Static<typeof SequenceBody>;

export const SequenceSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  caption: Type.String(),
  description: Nullable(Type.String()),
  sequenceType: Type.Enum(SEQUENCE_TYPES),
  currentTime: Type.Boolean(),
  format: Nullable(Type.String()),
  minValue: Nullable(Type.Integer()),
  maxValue: Nullable(Type.Integer()),
  nextValue: Nullable(Type.Integer()),
  incrementBy: Nullable(Type.Integer()),
  cycle: Type.Boolean(),
  createdDate: Type.Integer({ description: 'epoch milliseconds' }),
  lastModifiedDate: Type.Integer({ description: 'epoch milliseconds' }),
});
