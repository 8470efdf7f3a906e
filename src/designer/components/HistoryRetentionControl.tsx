import { Flex, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { HISTORY_KEEP_MAX, HISTORY_MODES, isHistoryKeepMode, type HistoryMode } from '../../../contract';

/** A table's history setting as the designer edits it. */
export interface HistoryRetentionValue {
  historyMode: HistoryMode;
  historyKeep: number | null;
}

/** The count a mode starts with when chosen (the user changes it at will). */
const STARTING_KEEP = { days: 365, revisions: 50 } as const;

export interface HistoryRetentionControlProps {
  id?: string;
  value: HistoryRetentionValue;
  onChange: (value: HistoryRetentionValue) => void;
  /** The count's input is marked wrong (its message shows under the control). */
  keepInvalid?: boolean;
}

/**
 * The table's record history (历史记录): 开启, 关闭, 保留 N 天 or 每条记录保留 N 个版本, the count
 * beside the mode for the last two. The two wrap onto two lines on a narrow screen.
 */
export const HistoryRetentionControl = ({
  id,
  value,
  onChange,
  keepInvalid,
}: HistoryRetentionControlProps) => {
  const { t } = useTranslation();
  const { historyMode, historyKeep } = value;
  const chooseMode = (mode: HistoryMode) => {
    if (!isHistoryKeepMode(mode)) return onChange({ historyMode: mode, historyKeep: null });
    const keep = mode === historyMode && historyKeep !== null ? historyKeep : STARTING_KEEP[mode];
    return onChange({ historyMode: mode, historyKeep: keep });
  };
  return (
    <Flex gap="small" wrap>
      <Select<HistoryMode>
        id={id}
        style={{ flex: '1 1 160px', minWidth: 0 }}
        value={historyMode}
        options={HISTORY_MODES.map((mode) => ({ value: mode, label: t(`designer.historyModes.${mode}`) }))}
        onChange={chooseMode}
      />
      {isHistoryKeepMode(historyMode) ? (
        <InputNumber<number>
          id={id ? `${id}-keep` : undefined}
          aria-label={t(`designer.historyKeepLabel.${historyMode}`)}
          style={{ flex: '1 1 120px', minWidth: 0 }}
          min={1}
          max={HISTORY_KEEP_MAX[historyMode]}
          precision={0}
          status={keepInvalid ? 'error' : undefined}
          value={historyKeep}
          addonAfter={t(`designer.historyKeepUnit.${historyMode}`)}
          onChange={(keep) => onChange({ historyMode, historyKeep: keep })}
        />
      ) : null}
    </Flex>
  );
};
