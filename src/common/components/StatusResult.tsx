import { Button, Result } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../store/useDocumentTitle';

const TEXTS = {
  '403': { title: 'errors.forbiddenTitle', message: 'errors.forbidden' },
  '404': { title: 'errors.notFoundTitle', message: 'errors.notFound' },
} as const;

/** The no-access (403) or not-found (404) answer of a screen, with the way back to the home page. */
export const StatusResult = ({ status, style }: { status: keyof typeof TEXTS; style?: CSSProperties }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t(TEXTS[status].title));
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(TEXTS[status].message)}
      style={style}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
};
