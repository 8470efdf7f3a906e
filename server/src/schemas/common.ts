import { Type, type TSchema } from 'typebox';
import { ERROR_CODES, type ErrorCode } from '../../../contract/index';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ApiErrorSchema = Type.Object(
  {
    code: Type.Enum(Object.keys(ERROR_CODES) as ErrorCode[]),
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
    requestId: Type.Optional(Type.String()),
  },
  { description: 'Error body of every failed request (API.md §0)' },
);

/** The error responses every route may give, for the OpenAPI document. */
export const errorResponses = {
  '4xx': ApiErrorSchema,
  '5xx': ApiErrorSchema,
};
