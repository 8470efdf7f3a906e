import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Select, Space, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../../contract';
import { isValidRowsPerPage, pageCountOf, parseJumpPage, summarisePage } from '../lib/pagination';

export interface PaginationBarProps {
  /** 1-based current page. */
  page: number;
  /** One of PAGE_SIZE_OPTIONS; anything else shows the invalid-rowsPerPage error. */
  rowsPerPage: number;
  /** Total number of records. */
  count: number;
  /** Shown right after the total (a hint about how it is counted). */
  totalNote?: ReactNode;
  /**
   * False: `count` is a lower bound (more records match than the server counts): the bar says
   * "N+", offers 精确计数, and 末页 counts exactly before it goes to the last page.
   */
  countExact?: boolean;
  /** The exact count is being read. */
  countingExactly?: boolean;
  /** Counts every match (needed with `countExact` false). */
  onCountExactly?: () => void;
  onChange: (page: number, rowsPerPage: number) => void;
}

/**
 * docs/product.md §2/§9 pager: "共 N 条记录 第 p / n 页", at most 10 page buttons around the current page,
 * first/previous/next/last, a page-size selector and a jump-to-page input.
 */
export const PaginationBar = ({
  page,
  rowsPerPage,
  count,
  totalNote,
  countExact = true,
  countingExactly = false,
  onCountExactly,
  onChange,
}: PaginationBarProps) => {
  const { t, i18n } = useTranslation();
  const [jump, setJump] = useState('');
  const [jumpInvalid, setJumpInvalid] = useState(false);
  // 末页 asked while the total was a lower bound: go there once the exact count is in.
  const lastWanted = useRef(false);
  const valid = isValidRowsPerPage(rowsPerPage);
  const bounded = !countExact && onCountExactly !== undefined;
  const exactPageCount = valid ? pageCountOf(count, rowsPerPage) : 1;
  useEffect(() => {
    if (!lastWanted.current || bounded) return;
    lastWanted.current = false;
    if (exactPageCount !== page) onChange(exactPageCount, rowsPerPage);
  }, [bounded, exactPageCount, page, rowsPerPage, onChange]);

  const sizeSelect = (
    <Select<number>
      size="small"
      aria-label={t('pagination.pageSize')}
      value={valid ? rowsPerPage : undefined}
      placeholder={t('pagination.pageSize')}
      style={{ width: 108 }}
      virtual={false}
      options={PAGE_SIZE_OPTIONS.map((size) => ({ value: size, label: t('pagination.perPage', { size }) }))}
      onChange={(size) => {
        const first = valid ? (Math.max(1, page) - 1) * rowsPerPage : 0;
        onChange(Math.floor(first / size) + 1, size);
      }}
    />
  );

  if (!valid) {
    return (
      <Flex align="center" gap={12} wrap>
        <Alert type="error" showIcon role="alert" message={t('pagination.invalidRowsPerPage')} />
        {sizeSelect}
      </Flex>
    );
  }

  const summary = summarisePage(page, rowsPerPage, count);
  const go = (target: number) => {
    if (target !== summary.page) onChange(target, rowsPerPage);
  };
  const goLast = () => {
    if (!bounded) return go(summary.pageCount);
    lastWanted.current = true;
    onCountExactly();
  };
  const submitJump = () => {
    const target = parseJumpPage(jump, summary.pageCount);
    if (target === null) {
      setJumpInvalid(true);
      return;
    }
    setJumpInvalid(false);
    setJump('');
    onChange(target, rowsPerPage);
  };

  return (
    <Flex align="center" justify="space-between" gap={12} wrap role="navigation" aria-label="pagination">
      <Space size={4} align="center">
        <Typography.Text type="secondary">
          {bounded
            ? t('pagination.totalAtLeast', { count: count.toLocaleString(i18n.language), page: summary.page })
            : t('pagination.total', { count, page: summary.page, pageCount: summary.pageCount })}
        </Typography.Text>
        {bounded && (
          <Tooltip title={t('pagination.countExactlyHint', { count: count.toLocaleString(i18n.language) })}>
            <Button size="small" type="link" loading={countingExactly} onClick={onCountExactly}>
              {t('pagination.countExactly')}
            </Button>
          </Tooltip>
        )}
        {totalNote}
      </Space>
      <Flex align="center" gap={12} wrap>
        <Space size={4} wrap>
          <Button
            size="small"
            icon={<DoubleLeftOutlined />}
            aria-label={t('pagination.first')}
            disabled={summary.isFirst}
            onClick={() => go(1)}
          />
          <Button
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('pagination.prev')}
            disabled={summary.isFirst}
            onClick={() => go(summary.page - 1)}
          />
          {summary.pages.map((n) => (
            <Button
              key={n}
              size="small"
              type={n === summary.page ? 'primary' : 'default'}
              aria-current={n === summary.page ? 'page' : undefined}
              style={{ minWidth: 32 }}
              onClick={() => go(n)}
            >
              {n}
            </Button>
          ))}
          <Button
            size="small"
            icon={<RightOutlined />}
            aria-label={t('pagination.next')}
            disabled={summary.isLast && !bounded}
            onClick={() => go(summary.page + 1)}
          />
          <Button
            size="small"
            icon={<DoubleRightOutlined />}
            aria-label={t('pagination.last')}
            disabled={summary.isLast && !bounded}
            loading={countingExactly}
            onClick={goLast}
          />
        </Space>
        {sizeSelect}
        <Space size={6} align="center">
          <Typography.Text type="secondary">{t('pagination.jumpTo')}</Typography.Text>
          <Input
            size="small"
            aria-label={t('pagination.jumpTo')}
            value={jump}
            status={jumpInvalid ? 'error' : undefined}
            title={jumpInvalid ? t('pagination.invalidPage', { pageCount: summary.pageCount }) : undefined}
            inputMode="numeric"
            style={{ width: 56 }}
            onChange={(event) => {
              setJump(event.target.value);
              setJumpInvalid(false);
            }}
            onPressEnter={submitJump}
          />
          {t('pagination.page') && <Typography.Text type="secondary">{t('pagination.page')}</Typography.Text>}
        </Space>
      </Flex>
    </Flex>
  );
};
