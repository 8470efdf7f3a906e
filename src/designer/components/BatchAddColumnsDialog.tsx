import { Flex, Input, Modal, Tag, Typography, theme, type GetRef } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenFocus } from '../../common/hooks/useOpenFocus';
import { parseBatchColumns, type BatchColumnEntry } from '../lib/batch-columns';

export interface BatchAddColumnsDialogProps {
  open: boolean;
  /** Names already in the grid (generated names skip them). */
  takenNames: readonly string[];
  onAdd: (entries: BatchColumnEntry[]) => void;
  onCancel: () => void;
}

const PREVIEW_LIMIT = 30;

/**
 * 批量添加字段: captions separated by commas (also full-width) or newlines, or `name:caption`
 * entries; a live preview shows the columns that will be added.
 */
export const BatchAddColumnsDialog = ({ open, takenNames, onAdd, onCancel }: BatchAddColumnsDialogProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const { ref: textRef, afterOpenChange } = useOpenFocus<GetRef<typeof Input.TextArea>>();
  const entries = useMemo(() => parseBatchColumns(text, takenNames), [text, takenNames]);
  const close = () => {
    setText('');
    onCancel();
  };
  return (
    <Modal
      open={open}
      title={t('designer.batchAddColumns')}
      okText={t('designer.batchAddOk', { count: entries.length })}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ disabled: entries.length === 0 }}
      destroyOnHidden
      onOk={() => {
        onAdd(entries);
        setText('');
      }}
      onCancel={close}
      afterOpenChange={afterOpenChange}
    >
      <Flex vertical gap={token.marginSM}>
        <Typography.Text type="secondary">{t('designer.batchAddHint')}</Typography.Text>
        <Input.TextArea
          ref={textRef}
          aria-label={t('designer.batchAddColumns')}
          value={text}
          rows={6}
          placeholder={t('designer.batchAddPlaceholder')}
          onChange={(event) => setText(event.target.value)}
        />
        {entries.length > 0 && (
          <Flex wrap gap={4} aria-label={t('designer.batchAddPreview')}>
            {entries.slice(0, PREVIEW_LIMIT).map((entry, index) => (
              <Tag key={`${index}:${entry.name}`}>
                {entry.caption}
                <Typography.Text type="secondary" style={{ marginLeft: 4, fontSize: 12 }}>
                  {entry.name}
                </Typography.Text>
              </Tag>
            ))}
            {entries.length > PREVIEW_LIMIT && <Tag>+{entries.length - PREVIEW_LIMIT}</Tag>}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
};
