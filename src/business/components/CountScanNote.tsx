import { InfoCircleOutlined } from '@ant-design/icons';
import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountScanHint } from '../hooks/useCountScanHint';

/**
 * Beside a list's total, for those who may change the table's design: an icon whose tooltip says
 * that the total is counted row by row on a large table, and where to keep the count instead.
 */
export const CountScanNote = ({ tableId, builtIn }: { tableId: number | undefined; builtIn: boolean }) => {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const hint = useCountScanHint(tableId, builtIn);
  if (!hint) return null;
  const text = t(hint.mayKeep ? 'businessList.countScansKeepable' : 'businessList.countScans', {
    rows: hint.rows.toLocaleString(i18n.language),
  });
  return (
    <Tooltip title={text}>
      <InfoCircleOutlined data-count-scans aria-label={text} style={{ color: token.colorTextTertiary }} />
    </Tooltip>
  );
};
