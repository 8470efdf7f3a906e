import { Flex } from 'antd';
import { StatusResult } from '../common/components/StatusResult';

/** /403, outside the layout. */
export const ForbiddenPage = () => (
  <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
    <StatusResult status="403" />
  </Flex>
);
