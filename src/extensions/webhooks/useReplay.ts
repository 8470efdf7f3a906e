import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureReason } from '../../common/lib/failure-reason';
import type { CustomCall, ReplayAnswer } from '../../providers/custom-calls';
import { DELIVERY_TABLE } from './webhook-tables';

/**
 * Runs a replay call (one delivery, or a webhook's dead letters) through the data provider's
 * `custom`, then has the delivery lists and records read again. `run` answers how many deliveries
 * went back into the outbox (the caller tells it), or `undefined` after a failure, whose message
 * (the server's) it has shown.
 */
export const useReplay = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<ReplayAnswer>();

  const run = async (call: CustomCall): Promise<number | undefined> => {
    try {
      const { data } = await mutateAsync({
        url: call.url,
        method: 'post',
        values: (call.payload ?? {}) as object,
        meta: call.meta,
        successNotification: false,
        errorNotification: false,
      });
      // the lists refresh in the background: the answer is told at once
      void invalidate({ resource: DELIVERY_TABLE, invalidates: ['resourceAll'] });
      return typeof data?.replayed === 'number' ? data.replayed : 0;
    } catch (failure) {
      const reason = failureReason(failure, t('errors.unreachable'));
      void message.error(reason ? t('ext.webhooks.failedBecause', { reason }) : t('ext.webhooks.failed'));
      return undefined;
    }
  };

  return { run, busy: mutation.isPending };
};
