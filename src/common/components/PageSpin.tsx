import { Flex, Spin } from 'antd';

/** Centred spinner while a page or the session check loads. */
export const PageSpin = ({ fullScreen = false }: { fullScreen?: boolean }) => (
  <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 320, width: '100%' }}>
    <Spin size="large" />
  </Flex>
);
