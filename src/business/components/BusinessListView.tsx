import { Card, Flex, theme } from 'antd';
import { PageContainer } from '../../common/components/PageContainer';
import { useBusinessListContext } from '../hooks/useBusinessListContext';
import { useTableHeading } from '../hooks/useTableHeading';
import { BusinessListDialogs } from './BusinessListDialogs';
import { BusinessListFilters } from './BusinessListFilters';
import { BusinessListPager } from './BusinessListPager';
import { BusinessListRecords } from './BusinessListRecords';
import { BusinessListRecycleBar } from './BusinessListRecycleBar';
import { BusinessListToolbar } from './BusinessListToolbar';

/**
 * The generic list's view over the list around it (`BusinessListProvider`): the page with the
 * recycle-bin switch, the filters, the toolbar with the list's buttons, the records, the pager and
 * the dialogs. An extension's list page may show these pieces in an order and with parts of its own.
 */
export const BusinessListView = () => {
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
          <BusinessListRecords />
          <BusinessListPager />
        </Flex>
      </Card>
      <BusinessListDialogs />
    </PageContainer>
  );
};
