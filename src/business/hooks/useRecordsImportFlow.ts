import { useInvalidate } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { useImportFlow, type ChosenImport } from '../../common/hooks/useImportFlow';
import { failureReason } from '../../common/lib/failure-reason';
import { importOutcomeOf, type CustomCall, type ImportOutcome } from '../../providers/custom-calls';

/**
 * The import flow of records (one table's .xlsx, several tables' JSON): the file read in the
 * browser by `read`, sent by the call `callOf` makes, answered with a report (`ImportOutcome`);
 * when it is done, 导入成功 and the lists of the `tables` it reached are read again when next shown.
 */
export const useRecordsImportFlow = <Read>({
  read,
  callOf,
  tables,
}: {
  read: (file: File) => Promise<Read>;
  callOf: (chosen: ChosenImport<Read>, progress: (percent: number) => void) => CustomCall;
  tables: (chosen: ChosenImport<Read>) => readonly string[];
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const call = useCustomCall();
  const invalidate = useInvalidate();
  return useImportFlow<Read, ImportOutcome>({
    read,
    run: async (chosen, progress) => importOutcomeOf(await call<unknown>(callOf(chosen, progress))),
    failed: (failure) => ({
      ok: false,
      message: failureReason(failure, t('errors.unreachable')) ?? t('recordImport.failed'),
      result: null,
    }),
    settled: (outcome, chosen) => {
      if (!outcome.ok) return;
      void message.success(t('recordImport.success'));
      for (const resource of tables(chosen)) void invalidate({ resource, invalidates: ['list', 'many'] });
    },
  });
};
