import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks, in the app's own modal (never the browser's `confirm()`), before a screen drops unsaved
 * changes to show something else (another layout, another role): `proceed` runs at once when
 * nothing is unsaved, else once the user chooses 放弃更改.
 */
export const useDiscardConfirm = () => {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (dirty: boolean, message: string, proceed: () => void) => {
      if (!dirty) {
        proceed();
        return;
      }
      modal.confirm({
        title: t('leaveGuard.title'),
        content: message,
        okText: t('leaveGuard.discard'),
        okButtonProps: { danger: true },
        cancelText: t('leaveGuard.stay'),
        onOk: proceed,
      });
    },
    [modal, t],
  );
};
