import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../contract';

export interface ColumnChooserProps {
  /** Every column the list can show, in screen order. */
  columns: readonly Column[];
  /** The names of those shown now. */
  shown: readonly string[];
  captionOf: (column: Column) => string;
  /** The columns to show (in screen order), or null: back to the defaults. */
  onChange: (names: string[] | null) => void;
}

/** 列 (the list's columns): a checkbox per column and 重置, remembered by the caller. */
export const ColumnChooser = ({ columns, shown, captionOf, onChange }: ColumnChooserProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toggle = (name: string, on: boolean) => {
    const next = columns
      .map((column) => column.name)
      .filter((one) => (one === name ? on : shown.includes(one)));
    // The last shown column stays: a list without columns shows nothing.
    if (next.length > 0) onChange(next);
  };
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div
          role="dialog"
          aria-label={t('businessList.columns')}
          style={{
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            padding: token.paddingSM,
            minWidth: 200,
          }}
        >
          <Flex justify="space-between" align="center" style={{ marginBottom: token.marginXS }}>
            <Typography.Text strong>{t('businessList.columns')}</Typography.Text>
            <Button type="link" size="small" onClick={() => onChange(null)}>
              {t('businessList.resetColumns')}
            </Button>
          </Flex>
          <Flex vertical gap={token.marginXXS} style={{ maxHeight: 360, overflowY: 'auto' }}>
            {columns.map((column) => (
              <Checkbox
                key={column.name}
                checked={shown.includes(column.name)}
                disabled={shown.length === 1 && shown.includes(column.name)}
                onChange={(event) => toggle(column.name, event.target.checked)}
              >
                {captionOf(column)}
              </Checkbox>
            ))}
          </Flex>
        </div>
      )}
    >
      <Button icon={<SettingOutlined />}>{t('businessList.columns')}</Button>
    </Dropdown>
  );
};
