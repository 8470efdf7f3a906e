import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from './types';

/** PASSWORD: hidden text with a show / hide toggle; on edit a blank one keeps the stored password. */
export const PasswordInput = ({ id, value, onChange, disabled, mode, placeholder }: FieldInputProps) => {
  const { t } = useTranslation();
  return (
    <Input.Password
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={disabled}
      autoComplete="new-password"
      placeholder={mode === 'update' ? t('businessForm.passwordUnchanged') : placeholder}
      visibilityToggle
    />
  );
};
