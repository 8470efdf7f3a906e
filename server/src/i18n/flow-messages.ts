import { format, type Localized, type Params } from './messages';

/** Messages of flows (docs/api.md, flows), Chinese and English. */
export const FLOW_MESSAGES = {
  trigger: { zh: '触发方式只能是 {values} 之一', en: 'the trigger must be one of {values}' },
  tableRequired: {
    zh: '{trigger} 触发的流程需要指定表',
    en: 'a flow triggered by {trigger} needs a table',
  },
  unknownTable: {
    zh: '数据源 {dataSource} 中没有表 {name}',
    en: 'data source {dataSource} has no table {name}',
  },
  actions: {
    zh: '事件只能是 {values} 中的一个或多个，用逗号分隔',
    en: 'events are one or more of {values}, separated by commas',
  },
  stepsJson: {
    zh: '步骤应为 JSON 数组，1 到 {max} 个步骤，每个步骤是带 kind 的对象',
    en: 'steps are a JSON array of 1 to {max} objects, each with a kind',
  },
  stepKind: {
    zh: '第 {n} 步：类型 {kind} 不存在；可用的类型：{values}',
    en: 'step {n}: kind {kind} does not exist; available kinds: {values}',
  },
  stepValues: {
    zh: '第 {n} 步：values 应为至少有一个字段的对象',
    en: 'step {n}: values must be an object with at least one field',
  },
  stepField: {
    zh: '第 {n} 步：{field} 无效：{reason}',
    en: 'step {n}: {field} is not valid: {reason}',
  },
  stepNeedsRecord: {
    zh: '第 {n} 步：定时任务触发的流程没有记录可修改',
    en: 'step {n}: a flow a schedule runs has no record to update',
  },
  notButton: {
    zh: '流程「{name}」不是按钮触发的流程，或未启用',
    en: 'flow "{name}" is not a button flow, or is disabled',
  },
  notFound: { zh: '流程 {id} 不存在', en: 'flow {id} does not exist' },
  keys: {
    zh: '请选择 1 到 {max} 条记录',
    en: 'choose 1 to {max} records',
  },
} as const satisfies Record<string, Localized>;

export type FlowMessageKey = keyof typeof FLOW_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const flowMessage = (key: FlowMessageKey, params: Params = {}): Localized => ({
  zh: format(FLOW_MESSAGES[key], 'zh', params),
  en: format(FLOW_MESSAGES[key], 'en', params),
});
