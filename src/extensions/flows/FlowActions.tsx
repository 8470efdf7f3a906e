import { FlowRunMenu } from './FlowRunMenu';
import { useFlowButtons } from './useFlowButtons';

interface RowProps {
  tableName: string;
  dataSource: string;
  record: Record<string, unknown>;
  recordKey?: string;
  recycle?: boolean;
}

/**
 * A record's 运行流程 / Run flow in its action cell (on a phone, its card), when its table has
 * button flows; nothing in the recycle bin, nor for a table without a key.
 */
export const FlowRowActions = ({ tableName, dataSource, recordKey, recycle }: RowProps) => {
  const flows = useFlowButtons(tableName, dataSource);
  if (flows.length === 0 || recordKey === undefined || recycle) return null;
  return (
    <FlowRunMenu tableName={tableName} dataSource={dataSource} keys={[recordKey]} flows={flows} look="row" />
  );
};

interface BulkProps {
  tableName: string;
  dataSource: string;
  keys: readonly string[];
  recycle: boolean;
}

/** 运行流程 / Run flow beside the batch actions, on the selected records. */
export const FlowBulkActions = ({ tableName, dataSource, keys, recycle }: BulkProps) => {
  const flows = useFlowButtons(tableName, dataSource);
  if (flows.length === 0 || keys.length === 0 || recycle) return null;
  return <FlowRunMenu tableName={tableName} dataSource={dataSource} keys={keys} flows={flows} look="bulk" />;
};
