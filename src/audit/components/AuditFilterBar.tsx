import { Button, DatePicker, Flex, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditAction } from '../../../contract';
import type { AuditFilterValues } from '../lib/audit-filters';

export interface AuditFilterBarProps {
  /** Called with the bar's values when the user searches (or resets). */
  onApply: (values: AuditFilterValues) => void;
  /** Fields take the whole width (phones). */
  narrow: boolean;
}

type Range = [Dayjs | null, Dayjs | null] | null;

/** The audit log's filters: user, actions, table and a time range (whole days), then 查询 / 重置. */
export const AuditFilterBar = ({ onApply, narrow }: AuditFilterBarProps) => {
  const { t } = useTranslation();
  const [user, setUser] = useState('');
  const [actions, setActions] = useState<AuditAction[]>([]);
  const [table, setTable] = useState('');
  const [range, setRange] = useState<Range>(null);
  const width = (wide: number) => (narrow ? '100%' : wide);

  const search = () => {
    const [from, to] = range ?? [null, null];
    onApply({
      user,
      actions,
      table,
      range: from && to ? [from.startOf('day').valueOf(), to.endOf('day').valueOf()] : null,
    });
  };
  const reset = () => {
    setUser('');
    setActions([]);
    setTable('');
    setRange(null);
    onApply({});
  };

  return (
    <Flex wrap gap={8} style={{ marginBottom: 12 }}>
      <Input
        allowClear
        aria-label={t('audit.filters.user')}
        placeholder={t('audit.filters.user')}
        value={user}
        onChange={(event) => setUser(event.target.value)}
        onPressEnter={search}
        style={{ width: width(160) }}
      />
      <Select<AuditAction[]>
        mode="multiple"
        allowClear
        aria-label={t('audit.filters.actions')}
        placeholder={t('audit.filters.actions')}
        value={actions}
        onChange={setActions}
        maxTagCount="responsive"
        options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) }))}
        style={{ width: width(220) }}
      />
      <Input
        allowClear
        aria-label={t('audit.filters.table')}
        placeholder={t('audit.filters.table')}
        value={table}
        onChange={(event) => setTable(event.target.value)}
        onPressEnter={search}
        style={{ width: width(140) }}
      />
      <DatePicker.RangePicker
        aria-label={t('audit.filters.from')}
        placeholder={[t('audit.filters.from'), t('audit.filters.to')]}
        value={range}
        onChange={(next) => setRange(next)}
        style={{ width: width(260) }}
      />
      <Flex gap={8}>
        <Button type="primary" onClick={search}>
          {t('audit.filters.search')}
        </Button>
        <Button onClick={reset}>{t('audit.filters.reset')}</Button>
      </Flex>
    </Flex>
  );
};
