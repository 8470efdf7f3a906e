import { ApiException } from '../errors/api-exception';
import type { Localized } from '../i18n/messages';

/** 400 VALIDATION_ERROR naming the request parameter (or body field) that is wrong. */
export const invalidParam = (param: string, message: Localized): ApiException =>
  new ApiException('VALIDATION_ERROR', undefined, { [param]: message });
