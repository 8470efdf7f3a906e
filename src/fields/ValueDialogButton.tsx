import { Button, Modal, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValueDialog } from '../business/lib/business-meta';
import { originOf, valueFromMessage } from '../business/lib/value-dialog-message';

export interface ValueDialogButtonProps {
  dialog: ValueDialog;
  disabled?: boolean;
  /** The value the page handed back, on 确定. */
  onValue: (value: unknown) => void;
}

/**
 * An external value dialog (docs/product.md §2): a button named after the dialog opening a full-size modal
 * with the page in a frame. The page hands a value back with
 * `parent.postMessage({type: 'crudboard:value', value}, '*')`; only messages from the page's own
 * origin count. 确定 stores the last value received, 取消 drops it.
 */
export const ValueDialogButton = ({ dialog, disabled, onValue }: ValueDialogButtonProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [received, setReceived] = useState<{ value: unknown } | null>(null);
  const origin = useMemo(() => originOf(dialog.url, window.location.href), [dialog.url]);

  useEffect(() => {
    if (!open) return;
    const listen = (event: MessageEvent) => {
      const found = valueFromMessage({ origin: event.origin, data: event.data as unknown }, origin);
      if (found.found) setReceived({ value: found.value });
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [open, origin]);

  const close = () => {
    setOpen(false);
    setReceived(null);
  };

  return (
    <>
      <Button disabled={disabled || origin === null} onClick={() => setOpen(true)}>
        {dialog.name || t('businessForm.valueDialog')}
      </Button>
      <Modal
        open={open}
        title={dialog.name || t('businessForm.valueDialog')}
        width="100%"
        style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
        styles={{ body: { height: 'calc(100vh - 160px)' } }}
        okText={t('common.ok')}
        cancelText={t('buttons.cancel')}
        onOk={() => {
          if (received) onValue(received.value);
          close();
        }}
        onCancel={close}
        destroyOnHidden
      >
        <iframe
          title={dialog.name || t('businessForm.valueDialog')}
          src={dialog.url}
          // Scripts, forms and its own origin (its messages are checked against it); no top
          // navigation, pop-ups, downloads or dialogs.
          sandbox="allow-scripts allow-forms allow-same-origin"
          style={{ width: '100%', height: '100%', border: 0 }}
        />
        {received && (
          <Typography.Text type="secondary">
            {t('businessForm.valueReceived', { value: JSON.stringify(received.value) })}
          </Typography.Text>
        )}
      </Modal>
    </>
  );
};
