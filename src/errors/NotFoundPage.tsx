import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../store/useDocumentTitle';

/** Any path no route matches. */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('errors.notFoundTitle'));
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('errors.notFound')}
      style={{ paddingTop: 64 }}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
};
