import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  AutoComplete,
  Badge,
  Button,
  Card,
  Flex,
  Input,
  Segmented,
  Select,
  Tabs,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { Column, Table } from '../../../contract';
import type { OperatorType } from '../../common/lib/query-params';
import { useCaption } from '../../common/hooks/useCaption';
import { RowRulePreview } from './RowRulePreview';
import {
  BUILT_IN_VARIABLES,
  ROW_RULE_KEYS,
  RULE_OPERATORS,
  conditionComplete,
  unindexedRuleColumns,
  valueArity,
  withOperator,
  type RowRuleDraft,
  type RowRuleKey,
  type RowRulesDraft,
  type RuleConditionDraft,
  tryRowRulesText,
  unfinishedRules,
} from '../lib/row-rule-draft';

interface Props {
  table: Table;
  /** Columns a rule may compare (those a permission can name). */
  columns: readonly Column[];
  value: RowRulesDraft;
  onChange: (next: RowRulesDraft) => void;
  /** Added columns of the user table, offered as `$user.<name>`. */
  userColumns?: readonly string[];
}

/** The translation key of each built-in variable's meaning; an added user column reads `userColumn`. */
const VARIABLE_KEYS: Readonly<Record<string, string>> = {
  '$user.id': 'userId',
  '$user.username': 'username',
  '$user.roles': 'roles',
  $now: 'now',
};

/** A new condition: "owned by the signed-in user" where the table has an owner column, else blank. */
const newCondition = (columns: readonly Column[]): RuleConditionDraft =>
  columns.some((column) => column.name === 'ownerId')
    ? { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] }
    : { columnName: '', operatorType: 'EQ', values: [] };

/** One condition: column, operator, and a value (or a list) that may be a variable. */
const ConditionRow = ({
  condition,
  columns,
  variables,
  onChange,
  onRemove,
}: {
  condition: RuleConditionDraft;
  columns: readonly Column[];
  variables: readonly string[];
  onChange: (next: RuleConditionDraft) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const caption = useCaption();
  const arity = valueArity(condition.operatorType);
  const variableOptions = variables.map((variable) => ({
    value: variable,
    label: (
      <Flex justify="space-between" gap={12}>
        <Typography.Text code>{variable}</Typography.Text>
        <Typography.Text type="secondary" ellipsis>
          {t(`rowRules.variable.${VARIABLE_KEYS[variable] ?? 'userColumn'}`)}
        </Typography.Text>
      </Flex>
    ),
  }));
  const incomplete = !conditionComplete(condition);
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label={t('rowRules.condition')}>
      <Select
        aria-label={t('rowRules.column')}
        style={{ flex: '1 1 160px', minWidth: 140 }}
        status={condition.columnName === '' ? 'error' : undefined}
        showSearch
        optionFilterProp="label"
        value={condition.columnName || undefined}
        placeholder={t('rowRules.column')}
        options={columns.map((column) => ({
          value: column.name,
          label: caption(column) === column.name ? column.name : `${caption(column)} (${column.name})`,
        }))}
        onChange={(columnName: string) => onChange({ ...condition, columnName })}
      />
      <Select<OperatorType>
        aria-label={t('rowRules.operator')}
        style={{ flex: '0 1 130px', minWidth: 110 }}
        value={condition.operatorType}
        options={RULE_OPERATORS.map((operator) => ({
          value: operator,
          label: t(`rowRules.operators.${operator}`),
        }))}
        onChange={(operator) => onChange(withOperator(condition, operator))}
      />
      {arity === 'one' && (
        <AutoComplete
          aria-label={t('rowRules.value')}
          style={{ flex: '2 1 200px', minWidth: 160 }}
          status={incomplete ? 'error' : undefined}
          value={condition.values[0] ?? ''}
          options={variableOptions}
          placeholder={t('rowRules.valuePlaceholder')}
          filterOption={(input, option) => String(option?.value ?? '').startsWith(input) || input === ''}
          onChange={(text: string) => onChange({ ...condition, values: [text] })}
        />
      )}
      {arity === 'list' && (
        <Select
          aria-label={t('rowRules.value')}
          mode="tags"
          style={{ flex: '2 1 200px', minWidth: 160 }}
          status={incomplete ? 'error' : undefined}
          value={condition.values}
          options={variableOptions}
          placeholder={t('rowRules.valuesPlaceholder')}
          tokenSeparators={[',']}
          onChange={(values: string[]) => onChange({ ...condition, values })}
        />
      )}
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('rowRules.removeCondition')}
        title={t('rowRules.removeCondition')}
        onClick={onRemove}
      />
    </Flex>
  );
};

/** The rule of one action: its conditions (all or any), or its JSON when it nests groups. */
const RuleEditor = ({
  action,
  draft,
  columns,
  variables,
  onChange,
}: {
  action: RowRuleKey;
  draft: RowRuleDraft | null;
  columns: readonly Column[];
  variables: readonly string[];
  onChange: (next: RowRuleDraft | null) => void;
}) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const hint = (
    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
      {t(`rowRules.hint.${action}`)}
    </Typography.Text>
  );
  if (!draft || (draft.kind === 'conditions' && draft.conditions.length === 0)) {
    return (
      <Flex vertical gap={token.marginSM} align="flex-start">
        {hint}
        <Typography.Text>{t(`rowRules.none.${action}`)}</Typography.Text>
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange({ kind: 'conditions', match: 'AND', conditions: [newCondition(columns)] })}
        >
          {t('rowRules.addRule')}
        </Button>
      </Flex>
    );
  }
  if (draft.kind === 'json') {
    let invalid = false;
    try {
      if (draft.text.trim() !== '') JSON.parse(draft.text);
    } catch {
      invalid = true;
    }
    return (
      <Flex vertical gap={token.marginSM}>
        {hint}
        <Typography.Text type="secondary">{t('rowRules.json')}</Typography.Text>
        <Input.TextArea
          aria-label={t('rowRules.jsonLabel')}
          autoSize={{ minRows: 4, maxRows: 16 }}
          status={invalid ? 'error' : undefined}
          style={{ fontFamily: token.fontFamilyCode }}
          value={draft.text}
          onChange={(event) => onChange({ kind: 'json', text: event.target.value })}
        />
        {invalid && <Typography.Text type="danger">{t('rowRules.jsonInvalid')}</Typography.Text>}
        <div>
          <Button danger onClick={() => onChange(null)}>
            {t('rowRules.clear')}
          </Button>
        </div>
      </Flex>
    );
  }
  const setCondition = (index: number, next: RuleConditionDraft) =>
    onChange({ ...draft, conditions: draft.conditions.map((c, i) => (i === index ? next : c)) });
  return (
    <Flex vertical gap={token.marginSM}>
      {hint}
      {draft.conditions.length > 1 && (
        <Segmented<'AND' | 'OR'>
          aria-label={t('rowRules.match')}
          style={{ alignSelf: 'flex-start' }}
          value={draft.match}
          options={[
            { value: 'AND', label: t('rowRules.matchAll') },
            { value: 'OR', label: t('rowRules.matchAny') },
          ]}
          onChange={(match) => onChange({ ...draft, match })}
        />
      )}
      {draft.conditions.map((condition, index) => (
        <ConditionRow
          // conditions have no identity of their own; their place is it
          key={index}
          condition={condition}
          columns={columns}
          variables={variables}
          onChange={(next) => setCondition(index, next)}
          onRemove={() => onChange({ ...draft, conditions: draft.conditions.filter((_, i) => i !== index) })}
        />
      ))}
      <Flex gap={token.marginXS} wrap>
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange({ ...draft, conditions: [...draft.conditions, newCondition(columns)] })}
        >
          {t('rowRules.addCondition')}
        </Button>
        <Button danger onClick={() => onChange(null)}>
          {t('rowRules.clear')}
        </Button>
      </Flex>
    </Flex>
  );
};

const hasRule = (draft: RowRuleDraft | null): boolean =>
  draft !== null && (draft.kind === 'json' ? draft.text.trim() !== '' : draft.conditions.length > 0);

/**
 * 行规则 of a role on a table: per action (查看, 编辑, 删除, and the check of new or changed
 * records), conditions over the table's columns with the signed-in user's variables; warns when a
 * compared column has no index.
 */
export const RowRulesEditor = ({ table, columns, value, onChange, userColumns = [] }: Props) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const variables = [...BUILT_IN_VARIABLES, ...userColumns.map((name) => `$user.${name}`)];
  const unindexed = unindexedRuleColumns(value, table);
  return (
    <Card size="small" title={t('rowRules.title')}>
      <Flex vertical gap={token.marginSM}>
        <Typography.Text type="secondary">{t('rowRules.intro')}</Typography.Text>
        <Tabs
          size="small"
          items={ROW_RULE_KEYS.map((key) => ({
            key,
            label: (
              <Badge dot={hasRule(value[key])} offset={[6, 0]}>
                {t(`rowRules.tab.${key}`)}
              </Badge>
            ),
            children: (
              <RuleEditor
                action={key}
                draft={value[key]}
                columns={columns}
                variables={variables}
                onChange={(next) => onChange({ ...value, [key]: next })}
              />
            ),
          }))}
        />
        {table.id !== undefined && (
          <RowRulePreview
            table={table}
            rowRules={unfinishedRules(value).length > 0 ? undefined : tryRowRulesText(value)}
          />
        )}
        {unindexed.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message={t('rowRules.unindexed', { columns: unindexed.join(', ') })}
          />
        )}
      </Flex>
    </Card>
  );
};
