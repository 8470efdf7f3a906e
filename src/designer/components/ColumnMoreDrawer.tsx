import { Drawer, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCaption } from '../../common/hooks/useCaption';
import { MORE_FIELDS, moreErrors, type MoreField } from '../lib/column-more-fields';
import { MORE_CELLS, type CellArgs } from './ColumnCells';

/** Drawer fields whose label explains itself in a tooltip (`designer.columnHelp.<field>`). */
const HELP = new Set<MoreField>(['captionEn', 'unsigned', 'autoIncrement']);
/** Drawer fields two to a line (the others take the whole line). */
const HALF = new Set<MoreField>([
  'precision',
  'scale',
  'unsigned',
  'autoIncrement',
  'indexType',
  'indexStorage',
]);

/**
 * A column row's 更多 / More drawer: the advanced settings the grid leaves out (English caption,
 * precision and scale, unsigned, index, default value, sequence, description, input and display
 * widgets, extension properties). Every change goes to the row's draft at once, exactly as a grid
 * cell's does; messages about these settings show under their field here and mark the row's
 * 更多 button in the grid.
 */
export const ColumnMoreDrawer = ({ args, onClose }: { args?: CellArgs; onClose: () => void }) => {
  const { t } = useTranslation();
  const caption = useCaption();
  const errors = moreErrors(args?.errors);
  const column = args ? caption(args.row) || args.row.name || `${args.position + 1}` : '';
  return (
    <Drawer
      open={args !== undefined}
      onClose={onClose}
      width={420}
      title={t('designer.moreTitle', { column })}
      destroyOnHidden
      data-testid="column-more-drawer"
    >
      {args && (
        <Form layout="vertical" component="div" requiredMark={false}>
          <Typography.Paragraph type="secondary">{t('designer.moreHint')}</Typography.Paragraph>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
            {MORE_FIELDS.map((field) => (
              <Form.Item
                key={field}
                label={t(`columns.${field}`)}
                tooltip={HELP.has(field) ? t(`designer.columnHelp.${field}`) : undefined}
                validateStatus={errors[field] ? 'error' : undefined}
                style={{ marginBottom: 12, gridColumn: HALF.has(field) ? undefined : '1 / -1' }}
              >
                {MORE_CELLS[field](args)}
              </Form.Item>
            ))}
          </div>
        </Form>
      )}
    </Drawer>
  );
};
