import { Flex, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteConfirmDialogProps {
  open: boolean;
  /** How many records the delete covers (shown for batches). */
  count: number;
  /** The one record a row's delete removes. */
  label?: string;
  busy: boolean;
  /** Offer the 是否删除物理表 switch (tables). */
  dropSwitch?: boolean;
  dropPhysicalTable?: boolean;
  onDropChange?: (drop: boolean) => void;
  onOk: () => void;
  onCancel: () => void;
}

/** 确认删除吗？, optionally with the 是否删除物理表 switch of the table list. */
export const DeleteConfirmDialog = ({
  open,
  count,
  label,
  busy,
  dropSwitch = false,
  dropPhysicalTable = false,
  onDropChange,
  onOk,
  onCancel,
}: DeleteConfirmDialogProps) => {
  const { t } = useTranslation();
  const switchId = useId();
  return (
    <ConfirmDialog
      open={open}
      title={t('metadataList.deleteConfirm')}
      okText={t('buttons.delete')}
      danger
      busy={busy}
      onOk={onOk}
      onCancel={onCancel}
    >
      <Flex vertical gap={12}>
        {count > 1 && <Typography.Text>{t('metadataList.deleteCount', { count })}</Typography.Text>}
        {count === 1 && label && <Typography.Text>{t('metadataList.deleteOne', { label })}</Typography.Text>}
        {dropSwitch && (
          <Flex vertical gap={4}>
            <Flex align="center" gap={8}>
              <Switch
                id={switchId}
                checked={dropPhysicalTable}
                disabled={busy}
                onChange={(on) => onDropChange?.(on)}
              />
              <label htmlFor={switchId}>{t('tableList.dropPhysicalTable')}</label>
            </Flex>
            <Typography.Text type={dropPhysicalTable ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {dropPhysicalTable ? t('tableList.dropPhysicalTableOn') : t('tableList.dropPhysicalTableOff')}
            </Typography.Text>
          </Flex>
        )}
      </Flex>
    </ConfirmDialog>
  );
};
