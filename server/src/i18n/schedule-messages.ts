import { format, type Localized, type Params } from './messages';

/** Messages of the rules of schedules (docs/api.md §10), Chinese and English. */
export const SCHEDULE_MESSAGES = {
  cron: {
    zh: 'Cron 表达式应为 5 个字段（分 时 日 月 周），或 6 个字段（秒在最前）：{reason}',
    en: 'a cron expression has 5 fields (minute hour day month weekday), or 6 with seconds first: {reason}',
  },
  timeZone: {
    zh: '时区 {name} 不存在，应为 IANA 时区名，例如 Asia/Shanghai',
    en: 'time zone {name} does not exist; use an IANA name such as Asia/Shanghai',
  },
  action: { zh: '动作只能是 {values} 之一', en: 'the action must be one of {values}' },
  urlRequired: { zh: 'webhook 动作需要地址', en: 'a webhook action needs a URL' },
  sqlRequired: {
    zh: 'sql 动作需要选择一条保存的 SQL 语句',
    en: 'an sql action needs a saved SQL statement',
  },
  flowRequired: {
    zh: 'flow 动作需要选择一个由定时任务触发的流程',
    en: 'a flow action needs a flow whose trigger is schedule',
  },
  flowNotScheduled: {
    zh: '流程 {id} 不存在，或不是由定时任务触发的流程',
    en: 'flow {id} does not exist, or its trigger is not schedule',
  },
  sqlMissing: { zh: '保存的 SQL 语句 {id} 不存在', en: 'saved SQL statement {id} does not exist' },
  sqlNotHeld: {
    zh: '定时执行 SQL 语句需要 sql:execute 权限',
    en: 'scheduling an SQL statement needs the sql:execute permission',
  },
  taskRequired: {
    zh: 'task 动作需要选择一个扩展任务；可用的任务：{available}',
    en: 'a task action needs an extension task; available tasks: {available}',
  },
  taskUnknown: {
    zh: '扩展任务 {name} 不存在；可用的任务：{available}',
    en: 'extension task {name} does not exist; available tasks: {available}',
  },
  taskNone: {
    zh: '没有启用的扩展提供任务，不能使用 task 动作',
    en: 'no enabled extension offers a task, so the task action cannot be used',
  },
  maxMissed: {
    zh: '补跑次数应为 0 到 {max} 之间的整数',
    en: 'missed runs must be a whole number from 0 to {max}',
  },
} as const satisfies Record<string, Localized>;

export type ScheduleMessageKey = keyof typeof SCHEDULE_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const scheduleMessage = (key: ScheduleMessageKey, params: Params = {}): Localized => ({
  zh: format(SCHEDULE_MESSAGES[key], 'zh', params),
  en: format(SCHEDULE_MESSAGES[key], 'en', params),
});
