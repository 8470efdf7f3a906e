import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { App, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowButton, FlowRunResult } from '../../../contract';
import { failureReason } from '../../common/lib/failure-reason';
import { quietPost, runFlowCall } from '../../providers/custom-calls';
import { flowRunMessage } from './run-message';

/** The system table of the flows' runs (read-only). */
export const FLOW_RUN_TABLE = 'flowRun';

/** Seconds a warning naming failed records stays up: long enough to read them. */
const WARNING_SECONDS = 8;

/**
 * Runs a button flow on records of a table (`POST /api/flows/{id}/run` through the data provider's
 * `custom`), says how it went, and has the table's lists and records read again (a flow changes
 * records), and the runs too. `run` answers whether the server ran it; after a refusal it has
 * shown the server's reason.
 */
export const useRunFlow = (tableName: string, dataSource: string) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<FlowRunResult>();

  const run = async (flow: FlowButton, keys: readonly string[]): Promise<boolean> => {
    const call = runFlowCall(flow.id, tableName, keys, dataSource);
    try {
      const { data } = await mutateAsync(quietPost(call));
      const said = flowRunMessage(flow.name, data, t);
      if (said.type === 'success') void message.success(said.title);
      else
        void message.warning({
          content: (
            <Flex vertical align="start" style={{ display: 'inline-flex', textAlign: 'start' }}>
              <span>{said.title}</span>
              {said.lines.map((line, index) => (
                <span key={index}>{line}</span>
              ))}
            </Flex>
          ),
          duration: WARNING_SECONDS,
        });
      // the lists refresh in the background: the answer is told at once
      void invalidate({ resource: tableName, invalidates: ['list', 'many', 'detail'] });
      void invalidate({ resource: FLOW_RUN_TABLE, invalidates: ['resourceAll'] });
      return true;
    } catch (failure) {
      const reason = failureReason(failure, t('errors.unreachable'));
      void message.error(reason ? t('ext.flows.failedBecause', { reason }) : t('ext.flows.failed'));
      return false;
    }
  };

  return { run, busy: mutation.isPending };
};
