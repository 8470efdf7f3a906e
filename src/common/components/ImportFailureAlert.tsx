import { Alert, Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/** An import that did not happen: its title, the server's message, then its details (lines, rows). */
export const ImportFailureAlert = ({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) => {
  const { token } = theme.useToken();
  return (
    <Alert
      type="error"
      showIcon
      message={title}
      description={
        <Flex vertical gap={token.marginSM}>
          <span>{message}</span>
          {children}
        </Flex>
      }
    />
  );
};
