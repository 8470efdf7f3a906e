import { Card, Flex, Result, theme } from 'antd';
import type { ReactNode } from 'react';
import { PageContainer, type Crumb } from './PageContainer';

/**
 * The page an import ends on: what was imported (a warning when some rows were not), the ways on
 * (back to the list, another file ...), and below, what the screen has to add (the rows refused).
 */
export const ImportDonePage = ({
  title,
  breadcrumb,
  status = 'success',
  heading,
  summary,
  actions,
  children,
}: {
  title: string;
  breadcrumb: Crumb[];
  status?: 'success' | 'warning';
  heading: string;
  summary: ReactNode;
  actions: ReactNode;
  children?: ReactNode;
}) => {
  const { token } = theme.useToken();
  return (
    <PageContainer title={title} breadcrumb={breadcrumb}>
      <Card>
        <Result
          status={status}
          title={heading}
          subTitle={summary}
          extra={
            <Flex gap={token.marginSM} justify="center" wrap>
              {actions}
            </Flex>
          }
        />
        {children}
      </Card>
    </PageContainer>
  );
};
