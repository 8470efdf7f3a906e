import { useCan, useMany } from '@refinedev/core';
import { Input } from 'antd';
import { USER_READ_META, USER_TABLE } from '../business/components/UserFilterSelect';
import type { BusinessRecord } from '../business/lib/business-record';
import { useWellKnownNames } from '../common/hooks/useCaption';
import { userIdOf } from './user-id';
import type { FieldInputProps } from './types';

/**
 * Who created, modified or owns a record (`createById`, `updateById`, `ownerId`): always read-only,
 * shown by the user's name (read through Refine from the `user` table), or by the id when the user
 * cannot be read (no right to read users, or the user is gone).
 */
export const UserNameInput = ({ id, value }: FieldInputProps) => {
  const names = useWellKnownNames();
  const userId = userIdOf(value);
  const mayRead = useCan({ resource: USER_TABLE, action: 'list' }).data?.can === true;
  const { result } = useMany<BusinessRecord>({
    resource: USER_TABLE,
    ids: userId === undefined ? [] : [userId],
    meta: USER_READ_META,
    queryOptions: { enabled: mayRead && userId !== undefined, retry: false },
    errorNotification: false,
  });
  const user = result.data.find((record) => String(record.id) === userId);
  const shown = user ? names.user(user as { username?: string; realname?: string }) : (userId ?? '');
  return <Input id={id} value={shown} disabled readOnly />;
};
