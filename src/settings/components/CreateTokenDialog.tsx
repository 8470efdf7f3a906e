import { CopyOutlined } from '@ant-design/icons';
import { useCustomMutation, useGetIdentity } from '@refinedev/core';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Select, Space, type InputRef } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_NAME_MAX, type CreatedApiToken } from '../../../contract';
import { useOpenFocus } from '../../common/hooks/useOpenFocus';
import type { Identity } from '@crudboard/client';
import { createTokenCall } from '../../providers/custom-calls';
import { expiryOf, tokenCodeOptions } from '../lib/token-codes';

interface TokenValues {
  name: string;
  expiresAt?: Dayjs | null;
  permissions?: string[];
}

interface HttpFailure {
  message?: string;
  errors?: Record<string, string>;
}

const FIELDS = new Set(['name', 'expiresAt', 'permissions']);

/** 新建 API 令牌: name, expiry date, optional codes; then the token, shown this once, to copy. */
export const CreateTokenDialog = ({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TokenValues>();
  const { ref: nameRef, afterOpenChange } = useOpenFocus<InputRef>();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate, mutation } = useCustomMutation<CreatedApiToken>();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const codes = tokenCodeOptions(identity?.authorities, identity?.roles);

  const close = () => {
    setCreated(null);
    form.resetFields();
    onClose();
  };

  const submit = ({ name, expiresAt, permissions }: TokenValues) => {
    const call = createTokenCall({
      name: name.trim(),
      expiresAt: expiryOf(expiresAt),
      ...(permissions && permissions.length > 0 ? { permissions } : {}),
    });
    mutate(
      {
        url: call.url,
        method: 'post',
        values: call.payload as object,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setCreated(data);
          onCreated();
        },
        onError: (error) => {
          const failure = error as HttpFailure;
          const fields = Object.entries(failure.errors ?? {})
            .filter(([name]) => FIELDS.has(name))
            .map(([name, text]) => ({ name: name as keyof TokenValues, errors: [text] }));
          if (fields.length > 0) form.setFields(fields);
          else void message.error(failure.message ?? t('apiTokens.createFailed'));
        },
      },
    );
  };

  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      void message.success(t('apiTokens.copied'));
    } catch {
      void message.error(t('apiTokens.showOnce'));
    }
  };

  return (
    <Modal
      open={open}
      title={created ? t('apiTokens.createdTitle') : t('apiTokens.dialogTitle')}
      okText={created ? t('apiTokens.done') : t('apiTokens.ok')}
      cancelText={t('apiTokens.cancel')}
      cancelButtonProps={created ? { style: { display: 'none' } } : {}}
      confirmLoading={mutation.isPending}
      onOk={() => (created ? close() : form.submit())}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
    >
      {created ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('apiTokens.showOnce')} />
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={created.token}
              aria-label={t('apiTokens.createdTitle')}
              data-testid="api-token-value"
              onFocus={(event) => event.target.select()}
              style={{ fontFamily: 'monospace' }}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy(created.token)}>
              {t('apiTokens.copy')}
            </Button>
          </Space.Compact>
        </Space>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          <Form.Item
            name="name"
            label={t('apiTokens.name')}
            rules={[{ required: true, whitespace: true, message: t('apiTokens.nameRequired') }]}
          >
            <Input
              ref={nameRef}
              maxLength={API_TOKEN_NAME_MAX}
              placeholder={t('apiTokens.namePlaceholder')}
            />
          </Form.Item>
          <Form.Item name="expiresAt" label={t('apiTokens.expiresAt')} extra={t('apiTokens.expiresHint')}>
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              inputReadOnly
            />
          </Form.Item>
          <Form.Item
            name="permissions"
            label={t('apiTokens.permissions')}
            extra={t('apiTokens.permissionsHint')}
          >
            <Select
              // Multiple until the identity is known: a switch to tags would drop a pick made meanwhile.
              mode={identity && codes.length === 0 ? 'tags' : 'multiple'}
              allowClear
              options={codes.map((code) => ({ value: code, label: code }))}
              placeholder={t('apiTokens.allPermissions')}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
