import { useCan, useMany } from '@refinedev/core';
import { Input } from 'antd';
import { useContext } from 'react';
import { USER_READ_META, USER_TABLE } from '../business/components/UserFilterSelect';
import type { BusinessRecord } from '../business/lib/business-record';
import { useWellKnownNames } from '../common/hooks/useCaption';
import { userIdOf } from './user-id';
import { UserNamesContext } from './UserNamesContext';
import type { FieldInputProps } from './types';

/**
 * Who created, modified or owns a record (`createById`, `updateById`, `ownerId`): always read-only,
 * shown by the user's name: read through Refine from the `user` table, else the name the server
 * sent with the record (for users who may not read users), else the id (the user is gone).
 */
export const UserNameInput = ({ id, value }: FieldInputProps) => {
  const names = useWellKnownNames();
  const userId = userIdOf(value);
  const known = useContext(UserNamesContext);
  const mayRead = useCan({ resource: USER_TABLE, action: 'list' }).data?.can === true;
  const { result } = useMany<BusinessRecord>({
    resource: USER_TABLE,
    ids: userId === undefined ? [] : [userId],
    meta: USER_READ_META,
    // the name the server sent with the record spares asking for the user
    queryOptions: { enabled: mayRead && userId !== undefined && known[userId] === undefined, retry: false },
    errorNotification: false,
  });
  const user = result.data.find((record) => String(record.id) === userId);
  const shown = user
    ? names.user(user as { username?: string; realname?: string })
    : userId !== undefined && known[userId] !== undefined
      ? names.userName(known[userId])
      : (userId ?? '');
  return <Input id={id} value={shown} disabled readOnly />;
};
