import { useApiUrl, useCustomMutation } from '@refinedev/core';
import { App, Form, Input, Modal, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOpenFocus } from '../common/hooks/useOpenFocus';
import { changePasswordCall } from '../providers/app-calls';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

interface HttpFailure {
  message?: string;
  errors?: Record<string, string>;
}

/** 修改密码: the current password, the new one twice; the server ends the user's other sessions. */
export const ChangePasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const { ref: oldPasswordRef, afterOpenChange } = useOpenFocus<InputRef>();
  const apiUrl = useApiUrl();
  const { mutate, mutation } = useCustomMutation();

  const submit = ({ oldPassword, password }: PasswordValues) => {
    const call = changePasswordCall(apiUrl, { oldPassword, password });
    mutate(
      {
        url: call.url,
        method: 'patch',
        values: call.payload as object,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          void message.success(t('changePassword.done'));
          form.resetFields();
          onClose();
        },
        onError: (error) => {
          const failure = error as HttpFailure;
          const fields = Object.entries(failure.errors ?? {})
            .filter(([name]) => name === 'oldPassword' || name === 'password')
            .map(([name, text]) => ({ name: name as keyof PasswordValues, errors: [text] }));
          if (fields.length > 0) form.setFields(fields);
          else void message.error(failure.message ?? t('changePassword.failed'));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('changePassword.title')}
      okText={t('changePassword.ok')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item
          name="oldPassword"
          label={t('changePassword.oldPassword')}
          rules={[{ required: true, message: t('changePassword.required') }]}
        >
          <Input.Password ref={oldPasswordRef} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('changePassword.password')}
          rules={[{ required: true, message: t('changePassword.required') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('changePassword.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('changePassword.required') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('changePassword.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
