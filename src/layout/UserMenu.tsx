import { KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Avatar, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Identity } from '@crudboard/client';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { useWellKnownNames } from '../common/hooks/useCaption';

/** The signed-in user's name with 设置, 修改密码 and 退出登录; `compact`: the avatar alone (named for screen readers). */
export const UserMenu = ({ compact = false }: { compact?: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  const name = useWellKnownNames().user(identity);
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'setting', icon: <SettingOutlined />, label: t('header.setting') },
            { key: 'password', icon: <KeyOutlined />, label: t('header.changePassword') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'logout') logout();
            else if (key === 'password') setChanging(true);
            else void navigate('/setting');
          },
        }}
      >
        <Button
          type="text"
          aria-label={compact ? name : undefined}
          title={compact ? name : undefined}
          style={{ height: 40, paddingInline: compact ? 4 : 8 }}
        >
          <Avatar
            size={28}
            src={identity?.avatar || undefined}
            icon={<UserOutlined />}
            style={{ background: '#1668dc' }}
          />
          {!compact && <span>{name}</span>}
        </Button>
      </Dropdown>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
};
