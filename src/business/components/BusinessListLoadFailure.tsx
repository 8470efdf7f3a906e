import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../common/components/LoadFailedAlert';
import { useBusinessListContext } from '../hooks/useBusinessListContext';

/** Why a business list's records did not load, with a retry; nothing while they load fine. */
export const BusinessListLoadFailure = () => {
  const { t } = useTranslation();
  const { list } = useBusinessListContext();
  return list.error ? (
    <LoadFailedAlert
      message={t('businessList.loadFailed')}
      error={list.error}
      retry={t('businessList.retry')}
      onRetry={() => void list.reload()}
    />
  ) : null;
};
