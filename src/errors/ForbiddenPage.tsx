import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../store/useDocumentTitle';

/** /403, outside the layout. */
export const ForbiddenPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('errors.forbiddenTitle'));
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="403"
        title="403"
        subTitle={t('errors.forbidden')}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('errors.backHome')}
          </Button>
        }
      />
    </Flex>
  );
};
