import type { RevisionAction } from '../../../../contract/revision';
import { hashPassword } from '../../auth/password';
import { ApiException } from '../../errors/api-exception';
import type { Localized } from '../../i18n/messages';
import { itemsMessage } from '../../i18n/items-messages';
import { kindOf } from '../../query/data-type-kind';
import type { ScalarValue } from '../../query/query-types';
import { assertTablePermissionShape } from '../system-tables/table-permission-shape';
import { cleanPayload, type CleanPayload } from './clean-payload';
import type { ItemTable } from './item-table';

export interface WriteOptions {
  /** Prefix of field names in errors: `` for the record itself, `lines.0.` for a child. */
  path: string;
  depth: number;
  /** Column values the server sets (a child's foreign key). */
  fixed: Record<string, ScalarValue>;
  /** How record history names this write of the record (default: `create` / `update`). */
  action?: RevisionAction;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 400 with the field errors of a record, their names prefixed with its path. */
export const throwFieldErrors = (errors: Record<string, Localized>, path: string): void => {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  throw new ApiException(
    'VALIDATION_ERROR',
    undefined,
    Object.fromEntries(entries.map(([k, v]) => [`${path}${k}`, v])),
  );
};

export const payloadFor = (
  item: ItemTable,
  body: Record<string, unknown>,
  mode: 'create' | 'update',
  options: WriteOptions,
): CleanPayload => {
  assertTablePermissionShape(item, body, options.path);
  const payload = cleanPayload({
    columns: item.table.columns,
    keyNames: item.keys.map((key) => key.name),
    relations: item.relations,
    body,
    mode,
    fixed: Object.keys(options.fixed),
  });
  throwFieldErrors(payload.errors, options.path);
  return payload;
};

/** PASSWORD values hashed (scrypt) before they are written. */
export const hashPasswords = async (
  item: ItemTable,
  values: Record<string, ScalarValue | null>,
): Promise<void> => {
  for (const column of item.table.columns) {
    const value = values[column.name];
    if (kindOf(column.dataType) === 'password' && typeof value === 'string') {
      values[column.name] = await hashPassword(value);
    }
  }
};

/** 400 for a record body that is not a JSON object, named by its path (`body` for the record itself). */
export const notAnObject = (path: string): ApiException =>
  new ApiException('VALIDATION_ERROR', undefined, {
    [path.replace(/\.$/, '') || 'body']: itemsMessage('notObject'),
  });
