import { Card, Checkbox, Flex, Spin, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { BusinessRecord } from '../lib/business-record';

export interface CardField {
  key: string;
  /** The column's caption. */
  title: ReactNode;
  /** The list cell of the column (the same text, thumbnail or link as in the table). */
  render: (value: unknown, record: BusinessRecord, index: number) => ReactNode;
}

export interface RecordCardsProps {
  records: readonly BusinessRecord[];
  keyOf: (record: BusinessRecord) => string;
  /** What heads a record's card: its title column's value, else its key. */
  titleOf: (record: BusinessRecord) => string;
  fields: readonly CardField[];
  /** Where tapping a card goes (its record form), with the link state; none: the card only shows. */
  linkOf?: (record: BusinessRecord) => { to: string; state?: unknown };
  /** A record's actions (soft delete, ⋯ ...), beside its title. */
  actionsOf: (record: BusinessRecord) => ReactNode;
  loading: boolean;
  /** Shown when there are no records. */
  empty: ReactNode;
  /** A check box on each card, for the list's batch actions; none: the cards cannot be selected. */
  selection?: {
    isSelected: (key: string) => boolean;
    onToggle: (record: BusinessRecord, selected: boolean) => void;
  };
}

/**
 * A list's records as cards, for a phone: the title heads each card, a few of the list's columns
 * follow as caption and value; tapping a card opens the record.
 */
export const RecordCards = ({
  records,
  keyOf,
  titleOf,
  fields,
  linkOf,
  actionsOf,
  loading,
  empty,
  selection,
}: RecordCardsProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  if (records.length === 0) {
    return loading ? (
      <Flex justify="center" style={{ padding: token.paddingXL }}>
        <Spin />
      </Flex>
    ) : (
      empty
    );
  }
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={token.marginSM} role="list" aria-label={t('businessList.cards')}>
        {records.map((record, index) => {
          const title = titleOf(record);
          const link = linkOf?.(record);
          const key = keyOf(record);
          const heading = link ? (
            <Link
              to={link.to}
              state={link.state}
              aria-label={t('businessList.openRecord', { title })}
              style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {title}
            </Link>
          ) : (
            title
          );
          return (
            <div role="listitem" key={key}>
              <Card
                size="small"
                data-record-card
                hoverable={Boolean(link)}
                // a table with no column beside its title: the card is its heading alone
                styles={{
                  header: { minHeight: 44 },
                  ...(fields.length === 0 ? { body: { display: 'none' } } : {}),
                }}
                title={
                  selection ? (
                    <Flex align="center" gap={token.marginSM} style={{ minWidth: 0 }}>
                      {/* 44 px of tap target around the box, as on the rest of the card */}
                      <Checkbox
                        checked={selection.isSelected(key)}
                        aria-label={t('businessList.selectRecord', { title })}
                        onChange={(event) => selection.onToggle(record, event.target.checked)}
                        style={{ padding: token.paddingXS, margin: -token.paddingXS }}
                      />
                      <div style={{ minWidth: 0, flex: 1 }}>{heading}</div>
                    </Flex>
                  ) : (
                    heading
                  )
                }
                extra={
                  // the actions are the card's own buttons: a tap on them does not open the record
                  <div onClick={(event) => event.stopPropagation()}>{actionsOf(record)}</div>
                }
              >
                {/* the whole card opens the record (the title is its link for the keyboard), but a
                    link, button or picture inside a value does its own thing */}
                <div
                  onClick={(event) => {
                    if (!link || (event.target as HTMLElement).closest('a, button, .ant-image')) return;
                    void navigate(link.to, { state: link.state });
                  }}
                  style={{ cursor: link ? 'pointer' : undefined }}
                >
                  <Flex vertical gap={token.marginXXS}>
                    {fields.map((field) => (
                      <Flex
                        key={field.key}
                        justify="space-between"
                        gap={token.marginSM}
                        style={{ minWidth: 0 }}
                      >
                        <Typography.Text type="secondary" style={{ flex: 'none', maxWidth: '45%' }} ellipsis>
                          {field.title}
                        </Typography.Text>
                        <div
                          style={{
                            minWidth: 0,
                            textAlign: 'end',
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            whiteSpace: 'nowrap',
                          }}
                        >
                          {field.render(record[field.key], record, index)}
                        </div>
                      </Flex>
                    ))}
                  </Flex>
                </div>
              </Card>
            </div>
          );
        })}
      </Flex>
    </Spin>
  );
};
