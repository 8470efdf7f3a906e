import { SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Checkbox,
  Flex,
  Form,
  Input,
  Table as DataTable,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useCustom } from '@refinedev/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE, type BusinessAction, type ExtensionPermissionCode } from '../../contract';
import { extensionPermissionsCall } from '../providers/custom-calls';
import { extensionRegistry } from '../extensions/registry';
import { useUserAccess } from '../auth/hooks/useUserAccess';
import { getLocale } from '../providers/i18n-provider';
import {
  businessCodeRows,
  FILE_CODES,
  GRID_ACTIONS,
  joinCodes,
  mayGrant,
  METADATA_CODES,
  otherCodes,
  parseCodes,
  SQL_CODES,
  SYSTEM_CODES,
  withCode,
  type BusinessCodeRow,
} from '../auth/lib/permission-codes';
import { useCaption } from '../common/hooks/useCaption';
import { useRegisteredTables } from '../resources/useRegisteredTables';
import type { FieldInputProps } from './types';

/** i18n keys of the fixed codes (a colon cannot be part of a key). */
const CODE_LABELS: Record<string, string> = {
  'metadata:read': 'metadataRead',
  'metadata:write': 'metadataWrite',
  'metadata:*': 'metadataAll',
  'file:upload': 'fileUpload',
  'sql:execute': 'sqlExecute',
  'audit:read': 'auditRead',
  'webhook:manage': 'webhookManage',
  'schedule:manage': 'scheduleManage',
  'flow:manage': 'flowManage',
};

/**
 * A role's permission codes (docs/api.md §6) as a checklist: metadata, business data per table and
 * action (with `*` for every table or action), files, SQL and the system screens (audit log,
 * webhooks, schedules, flows). The value stays comma-separated text; codes no checkbox shows are kept and listed
 * apart. Codes the signed-in user does not hold cannot be ticked (the server refuses granting them
 * anyway), unless the user is super admin.
 */
export const PermissionCodesInput = ({ id, value, onChange, disabled: readOnly }: FieldInputProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const access = useUserAccess();
  const { tables } = useRegisteredTables();
  const caption = useCaption();
  const [filter, setFilter] = useState('');
  // The super admin's role holds everything; the server refuses changing its codes.
  const roleCode: unknown = Form.useWatch('code', { preserve: true });
  const superRole = roleCode === SUPER_ADMIN_ROLE;
  const disabled = readOnly || superRole;
  const codes = useMemo(() => parseCodes(value), [value]);
  const held = useMemo(() => new Set(codes), [codes]);
  const rows = useMemo(
    () => businessCodeRows(tables.map((table) => ({ ...table, caption: caption(table) }))),
    [tables, caption],
  );
  // The web extensions' codes, then those only a server extension declares (a server-only one).
  const { result: served } = useCustom<ExtensionPermissionCode[]>({
    ...extensionPermissionsCall(),
    errorNotification: false,
    queryOptions: { staleTime: Infinity, retry: false },
  });
  const extensionCodes = useMemo(() => {
    const web = extensionRegistry.permissions;
    const known = new Set(web.map((permission) => permission.code));
    const fromServer = Array.isArray(served.data) ? served.data : [];
    return [...web, ...fromServer.filter((permission) => !known.has(permission.code))];
  }, [served.data]);
  const others = useMemo(
    () =>
      otherCodes(
        codes,
        rows,
        extensionCodes.map((permission) => permission.code),
      ),
    [codes, rows, extensionCodes],
  );

  const set = (code: string, on: boolean) => onChange?.(joinCodes(withCode(codes, code, on)));
  const setMany = (list: readonly string[], on: boolean) =>
    onChange?.(joinCodes(list.reduce((next, code) => withCode(next, code, on), codes)));
  const grantable = (code: string) => held.has(code) || mayGrant(access, code);

  const box = (code: string, label?: ReactNode, ariaLabel?: string) => {
    const allowed = grantable(code);
    const checkbox = (
      <Checkbox
        checked={held.has(code)}
        disabled={disabled || !allowed}
        aria-label={label === undefined ? (ariaLabel ?? code) : undefined}
        onChange={(event) => set(code, event.target.checked)}
      >
        {label}
      </Checkbox>
    );
    return allowed || disabled ? (
      checkbox
    ) : (
      <Tooltip title={t('permissionCodes.notHeld')}>{checkbox}</Tooltip>
    );
  };

  const fixed = (code: string) =>
    box(
      code,
      <>
        {t(`permissionCodes.codes.${CODE_LABELS[code]}`)}
        <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
          {code}
        </Typography.Text>
      </>,
    );

  const keyword = filter.trim().toLowerCase();
  const shown = rows.filter(
    (row) =>
      row.table === '*' ||
      keyword === '' ||
      row.table.toLowerCase().includes(keyword) ||
      (row.caption ?? '').toLowerCase().includes(keyword),
  );

  const actionHeader = (action: BusinessAction | '*') => {
    const list = shown.map((row) => row.codes[action]).filter(grantable);
    const ticked = list.filter((code) => held.has(code)).length;
    const label = action === '*' ? t('permissionCodes.everyAction') : t(`tablePermission.action.${action}`);
    return (
      <Checkbox
        checked={list.length > 0 && ticked === list.length}
        indeterminate={ticked > 0 && ticked < list.length}
        disabled={disabled || list.length === 0}
        aria-label={`${t('tablePermission.selectAll')} ${label}`}
        onChange={(event) => setMany(list, event.target.checked)}
      >
        {label}
      </Checkbox>
    );
  };

  const section = (title: string, children: ReactNode) => (
    <Flex vertical gap={token.marginXS}>
      <Typography.Text strong>{title}</Typography.Text>
      {children}
    </Flex>
  );

  return (
    <Flex
      id={id}
      vertical
      gap={token.marginSM}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM,
        background: token.colorBgContainer,
      }}
    >
      {superRole && <Alert type="info" showIcon message={t('permissionCodes.superAdminRole')} />}
      {section(
        t('permissionCodes.groups.metadata'),
        <Flex wrap gap={token.marginLG}>
          {METADATA_CODES.map((code) => (
            <span key={code}>{fixed(code)}</span>
          ))}
        </Flex>,
      )}
      {section(
        t('permissionCodes.groups.business'),
        <>
          <Input
            size="small"
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('permissionCodes.filterTables')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            style={{ maxWidth: 260 }}
          />
          <DataTable<BusinessCodeRow>
            size="small"
            bordered
            rowKey="table"
            dataSource={shown}
            pagination={false}
            scroll={{ x: 760, y: 300 }}
            columns={[
              {
                key: 'table',
                title: t('permissionCodes.table'),
                width: 200,
                fixed: 'left',
                render: (_value, row) =>
                  row.table === '*' ? (
                    <Typography.Text strong>{t('permissionCodes.allTables')} (*)</Typography.Text>
                  ) : (
                    <Flex vertical>
                      <span>{row.caption || row.table}</span>
                      {row.caption && (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {row.table}
                        </Typography.Text>
                      )}
                    </Flex>
                  ),
              },
              ...GRID_ACTIONS.map((action) => ({
                key: action,
                title: actionHeader(action),
                width: 86,
                align: 'center' as const,
                render: (_value: unknown, row: BusinessCodeRow) =>
                  box(row.codes[action], undefined, row.codes[action]),
              })),
            ]}
          />
        </>,
      )}
      <Flex wrap gap={token.marginXL}>
        {section(
          t('permissionCodes.groups.file'),
          <Flex wrap gap={token.marginLG}>
            {FILE_CODES.map((code) => (
              <span key={code}>{fixed(code)}</span>
            ))}
          </Flex>,
        )}
        {section(
          t('permissionCodes.groups.sql'),
          <Flex wrap gap={token.marginLG}>
            {SQL_CODES.map((code) => (
              <span key={code}>{fixed(code)}</span>
            ))}
          </Flex>,
        )}
        {section(
          t('permissionCodes.groups.system'),
          <Flex wrap gap={token.marginLG}>
            {SYSTEM_CODES.map((code) => (
              <span key={code}>{fixed(code)}</span>
            ))}
          </Flex>,
        )}
      </Flex>
      {extensionCodes.length > 0 &&
        section(
          t('permissionCodes.groups.extensions'),
          <Flex wrap gap={token.marginLG}>
            {extensionCodes.map((permission) => (
              <span key={permission.code}>
                {box(permission.code, `${permission.label[getLocale()]} (${permission.code})`)}
              </span>
            ))}
          </Flex>,
        )}
      {others.length > 0 &&
        section(
          t('permissionCodes.other'),
          <>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('permissionCodes.otherHint')}
            </Typography.Text>
            <Flex wrap gap={token.marginXS}>
              {others.map((code) => (
                <Tag key={code} closable={!disabled} onClose={() => set(code, false)}>
                  {code}
                </Tag>
              ))}
            </Flex>
          </>,
        )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('permissionCodes.selected', { count: codes.length })}
      </Typography.Text>
    </Flex>
  );
};
