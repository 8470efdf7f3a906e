import { UndoOutlined } from '@ant-design/icons';
import type { NotificationProvider } from '@refinedev/core';
import { App, Button, Flex } from 'antd';
import { useMemo } from 'react';

/**
 * Refine notifications through antd's <App> notification API (themed and localised), the same
 * way @refinedev/antd does it, without pulling that package into the first screen.
 */
export const useNotificationProvider = (): NotificationProvider => {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
        if (type === 'progress') {
          notification.open({
            key,
            message: null,
            duration: 0,
            closeIcon: false,
            description: (
              <Flex align="center" justify="space-between" gap={8}>
                <span>
                  {message} ({undoableTimeout ?? 0}s)
                </span>
                <Button
                  icon={<UndoOutlined />}
                  aria-label="undo"
                  disabled={undoableTimeout === 0}
                  onClick={() => {
                    cancelMutation?.();
                    if (key) notification.destroy(key);
                  }}
                />
              </Flex>
            ),
          });
          return;
        }
        notification.open({ key, type, message: description ?? null, description: message });
      },
      close: (key) => notification.destroy(key),
    }),
    [notification],
  );
};
