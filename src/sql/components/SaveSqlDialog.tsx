import { Button, Form, Input, Modal, type InputRef } from 'antd';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedSql } from '../lib/sql-types';
import { useIssueText } from '../../common/hooks/useIssueText';
import { useOpenFocus } from '../../common/hooks/useOpenFocus';
import { nameIssue } from '../../common/lib/name-rules';

export interface SaveSqlDialogProps {
  open: boolean;
  /** The saved statement the editor came from: 保存 updates it, 另存为 makes a new one. */
  current?: SavedSql;
  busy: boolean;
  /** Field errors from the server. */
  errors?: Record<string, string>;
  onSave: (fields: { name: string; caption: string }, mode: 'create' | 'update') => void;
  onCancel: () => void;
}

const Fields = ({
  current,
  busy,
  errors,
  onSave,
  onCancel,
  nameRef,
}: Omit<SaveSqlDialogProps, 'open'> & { nameRef: Ref<InputRef> }) => {
  const { t } = useTranslation();
  const { text } = useIssueText();
  const [name, setName] = useState(current?.name ?? '');
  const [caption, setCaption] = useState(current?.caption ?? '');
  const [attempted, setAttempted] = useState(false);
  const problem = nameIssue(name);
  const nameError =
    (attempted || (problem && problem.key !== 'required')) && problem && problem.key !== 'reservedWord'
      ? text(problem)
      : errors?.name;
  const save = (mode: 'create' | 'update') => {
    setAttempted(true);
    if (problem && problem.key !== 'reservedWord') return;
    onSave({ name: name.trim(), caption: caption.trim() }, mode);
  };
  const defaultMode = current?.id !== undefined ? 'update' : 'create';
  return (
    <>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('sqlConsole.fields.name')}
          required
          htmlFor="saved-sql-name"
          validateStatus={nameError ? 'error' : undefined}
          help={nameError}
        >
          <Input
            id="saved-sql-name"
            ref={nameRef}
            value={name}
            maxLength={64}
            placeholder="topCustomers"
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => save(defaultMode)}
          />
        </Form.Item>
        <Form.Item
          label={t('sqlConsole.fields.caption')}
          htmlFor="saved-sql-caption"
          validateStatus={errors?.caption ? 'error' : undefined}
          help={errors?.caption}
        >
          <Input
            id="saved-sql-caption"
            value={caption}
            maxLength={200}
            onChange={(event) => setCaption(event.target.value)}
            onPressEnter={() => save(defaultMode)}
          />
        </Form.Item>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('buttons.cancel')}
        </Button>
        {defaultMode === 'update' && (
          <Button onClick={() => save('create')} disabled={busy}>
            {t('sqlConsole.saveAsNew')}
          </Button>
        )}
        <Button type="primary" loading={busy} onClick={() => save(defaultMode)}>
          {t('buttons.save')}
        </Button>
      </div>
    </>
  );
};

/** 保存 the editor's statement under a name and caption. */
export const SaveSqlDialog = ({ open, ...props }: SaveSqlDialogProps) => {
  const { t } = useTranslation();
  const { ref: nameRef, afterOpenChange } = useOpenFocus<InputRef>();
  return (
    <Modal
      open={open}
      title={props.current?.id !== undefined ? t('sqlConsole.saveTitleUpdate') : t('sqlConsole.saveTitle')}
      footer={null}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      maskClosable={!props.busy}
      onCancel={() => {
        if (!props.busy) props.onCancel();
      }}
    >
      <Fields {...props} nameRef={nameRef} />
    </Modal>
  );
};
