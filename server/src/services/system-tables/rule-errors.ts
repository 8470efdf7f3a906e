import { ApiException } from '../../errors/api-exception';
import type { Localized, Params } from '../../i18n/messages';
import { systemTableMessage, type SystemTableMessageKey } from '../../i18n/system-table-messages';

/** 403 with a system-table message. */
export const forbidden = (key: SystemTableMessageKey, params?: Params): ApiException =>
  new ApiException('FORBIDDEN', systemTableMessage(key, params));

/** 409 with a system-table message. */
export const conflict = (key: SystemTableMessageKey): ApiException =>
  new ApiException('CONFLICT', systemTableMessage(key));

/** 400 naming each field (prefixed with `path`, `children.0.` for a nested record). */
export const invalidFields = (path: string, errors: Record<string, Localized>): ApiException =>
  new ApiException(
    'VALIDATION_ERROR',
    undefined,
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${path}${field}`, message])),
  );
