import { Card, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { PageContainer } from '../../common/components/PageContainer';
import { useBusinessListContext } from '../hooks/useBusinessListContext';
import { useTableHeading } from '../hooks/useTableHeading';
import { BusinessListDialogs } from './BusinessListDialogs';
import { BusinessListFilters } from './BusinessListFilters';
import { BusinessListLoadFailure } from './BusinessListLoadFailure';
import { BusinessListPager } from './BusinessListPager';
import { BusinessListRecords } from './BusinessListRecords';
import { BusinessListRecycleBar } from './BusinessListRecycleBar';
import { BusinessListToolbar } from './BusinessListToolbar';

export interface BusinessListViewProps {
  /** What shows the records instead of the table (or a phone's cards), e.g. an extension's own tiles. */
  records?: ReactNode;
}

/**
 * The generic list's view over the list around it (`BusinessListProvider`): the page with the
 * recycle-bin switch, the filters, the toolbar with the list's buttons, the records, the pager and
 * the dialogs. An extension's list page may show its own `records` here, or put these pieces
 * together in an order and with parts of its own.
 */
export const BusinessListView = ({ records }: BusinessListViewProps) => {
  const { token } = theme.useToken();
  const { tableName, table, columns } = useBusinessListContext();
  const { phone, measure } = columns;
  const heading = useTableHeading(tableName, table);
  return (
    <PageContainer title={heading.caption} breadcrumb={heading.listTrail}>
      <Card styles={{ body: { padding: phone ? token.paddingSM : token.paddingLG } }}>
        <Flex vertical gap={token.margin} ref={measure}>
          <BusinessListRecycleBar />
          <BusinessListFilters />
          <BusinessListToolbar />
          <BusinessListLoadFailure />
          {records ?? <BusinessListRecords />}
          <BusinessListPager />
        </Flex>
      </Card>
      <BusinessListDialogs />
    </PageContainer>
  );
};
