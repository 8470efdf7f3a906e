import { useCan } from '@refinedev/core';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../store/useDocumentTitle';
import { PageSpin } from './PageSpin';

/** A screen's resource as the access-control provider is asked about it. */
export interface GuardedResource {
  name: string;
  kind: 'metadata' | 'sql';
  action: 'list' | 'create';
}

const NoAccess = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('errors.forbiddenTitle'));
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('errors.forbidden')}
      style={{ paddingTop: 64 }}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
};

/**
 * Renders a routed screen only for who may use it (as the access-control provider answers for
 * its resource); anyone else who opens its link gets the no-access page inside the frame, not the
 * screen with a refusal over an empty list. A spinner while the answer is on its way.
 */
export const RequireAccess = ({ resource, children }: { resource: GuardedResource; children: ReactNode }) => {
  const { data } = useCan({
    resource: resource.name,
    action: resource.action,
    params: { resource: { name: resource.name, meta: { kind: resource.kind } } },
  });
  if (data === undefined) return <PageSpin />;
  return data.can ? children : <NoAccess />;
};
