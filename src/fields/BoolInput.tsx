import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from './types';

/** BOOL: a switch showing 是 / 否. */
export const BoolInput = ({ id, value, onChange, disabled }: FieldInputProps) => {
  const { t } = useTranslation();
  return (
    <Switch
      id={id}
      checked={value === true}
      onChange={(checked) => onChange?.(checked)}
      disabled={disabled}
      checkedChildren={t('common.yes')}
      unCheckedChildren={t('common.no')}
    />
  );
};
