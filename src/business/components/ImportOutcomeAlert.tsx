import { useTranslation } from 'react-i18next';
import { ImportFailureAlert } from '../../common/components/ImportFailureAlert';
import type { ImportOutcome } from '../../providers/custom-calls';
import { ImportFailureTable } from './ImportFailureTable';

/** A refused records import: the server's reason, its field messages, and the rows to blame. */
export const ImportOutcomeAlert = ({
  outcome,
  withTable = false,
}: {
  outcome: Extract<ImportOutcome, { ok: false }>;
  /** The rows of several tables: each names its table. */
  withTable?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <ImportFailureAlert title={t('recordImport.failed')} message={outcome.message}>
      {outcome.errors && Object.values(outcome.errors).map((text) => <span key={text}>{text}</span>)}
      {outcome.result && outcome.result.failed.length > 0 && (
        <ImportFailureTable failures={outcome.result.failed} withTable={withTable} />
      )}
    </ImportFailureAlert>
  );
};
