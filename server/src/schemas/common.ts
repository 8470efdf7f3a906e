import { Type, type Static, type TSchema } from 'typebox';
import { ERROR_CODES, MAX_CAPTION_LENGTH, type ErrorCode } from '../../../contract/index';

/**
 * `T | null`. For a primitive schema this is `type: [T, "null"]` rather than `anyOf`: with type
 * coercion on, ajv would coerce `null` into the first `anyOf` branch (an integer becomes 0).
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const type = (schema as { type?: unknown }).type;
  return Type.Unsafe<Static<T> | null>(
    typeof type === 'string' ? { ...schema, type: [type, 'null'] } : Type.Union([schema, Type.Null()]),
  );
};

export const ApiErrorSchema = Type.Object(
  {
    code: Type.Enum(Object.keys(ERROR_CODES) as ErrorCode[]),
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
    requestId: Type.Optional(Type.String()),
  },
  { description: 'Error body of every failed request (docs/api.md §0)' },
);

/** The error responses every route may give, for the OpenAPI document. */
export const errorResponses = {
  '4xx': ApiErrorSchema,
  '5xx': ApiErrorSchema,
};

/** Captions per UI language in a body: only known languages, each at most 200 characters. */
export const CaptionsBody = (description = 'captions per UI language; null clears them') =>
  Type.Optional(
    Nullable(
      Type.Object(
        {
          'zh-CN': Type.Optional(Type.String({ maxLength: MAX_CAPTION_LENGTH })),
          'en-US': Type.Optional(Type.String({ maxLength: MAX_CAPTION_LENGTH })),
        },
        { additionalProperties: false, description },
      ),
    ),
  );

/** Captions per UI language in an answer. */
export const CaptionsSchema = Nullable(
  Type.Object({ 'zh-CN': Type.Optional(Type.String()), 'en-US': Type.Optional(Type.String()) }),
);
