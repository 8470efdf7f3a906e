import { afterEach, describe, expect, it } from 'vitest';
import type { FlowRunOutcome } from '../../contract';
import { extensionRegistry } from '../../src/extensions/registry';
import { flowRunMessage, MAX_FAILURE_LINES } from '../../src/extensions/flows/run-message';
import { addTexts, changeLocale, i18n } from '../../src/providers/i18n-provider';

addTexts((locale) => extensionRegistry.locale(locale));

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

const ok = (key: string, runId: number): FlowRunOutcome => ({
  key,
  runId,
  status: 'ok',
  step: null,
  error: null,
});
const failed = (key: string, runId: number, step: number | null, error: string | null): FlowRunOutcome => ({
  key,
  runId,
  status: 'failed',
  step,
  error,
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('flowRunMessage', () => {
  it('says success when every record ran, with how many', async () => {
    await changeLocale('zh-CN');
    expect(flowRunMessage('发货', { runs: [ok('1', 11), ok('2', 12), ok('3', 13)] }, t)).toEqual({
      type: 'success',
      title: '流程「发货」已运行：3 条记录成功',
      lines: [],
    });
    await changeLocale('en-US');
    expect(flowRunMessage('Ship', { runs: [ok('1', 11)] }, t).title).toBe(
      'Flow “Ship” ran: 1 record succeeded',
    );
    expect(flowRunMessage('Ship', { runs: [ok('1', 11), ok('2', 12)] }, t).title).toBe(
      'Flow “Ship” ran: 2 records succeeded',
    );
  });

  it('warns when some failed, naming each failed record with its step and reason', async () => {
    await changeLocale('zh-CN');
    const result = {
      runs: [
        ok('1', 11),
        failed('2', 12, 2, '库存不足'),
        failed('a=1,b=2', 13, null, '记录不存在'),
        ok('4', 14),
      ],
    };
    expect(flowRunMessage('发货', result, t)).toEqual({
      type: 'warning',
      title: '流程「发货」已运行：2 条成功，2 条失败',
      lines: ['记录 2：第 2 步：库存不足', '记录 a=1,b=2：记录不存在'],
    });
    await changeLocale('en-US');
    expect(flowRunMessage('Ship', result, t)).toEqual({
      type: 'warning',
      title: 'Flow “Ship” ran: 2 succeeded, 2 failed',
      lines: ['Record 2: step 2: 库存不足', 'Record a=1,b=2: 记录不存在'],
    });
  });

  it('warns when all failed, with a word for a failure the server gave no reason for', async () => {
    await changeLocale('zh-CN');
    expect(flowRunMessage('发货', { runs: [failed('9', 19, 1, null)] }, t)).toEqual({
      type: 'warning',
      title: '流程「发货」已运行：0 条成功，1 条失败',
      lines: ['记录 9：第 1 步：原因不明'],
    });
  });

  it('names the first few failed records and counts the rest', async () => {
    await changeLocale('zh-CN');
    const runs = Array.from({ length: MAX_FAILURE_LINES + 3 }, (_, i) => failed(String(i + 1), i, 1, '拒绝'));
    const said = flowRunMessage('发货', { runs }, t);
    expect(said.lines).toHaveLength(MAX_FAILURE_LINES + 1);
    expect(said.lines[0]).toBe('记录 1：第 1 步：拒绝');
    expect(said.lines.at(-1)).toBe('另有 3 条失败');
    await changeLocale('en-US');
    expect(flowRunMessage('Ship', { runs }, t).lines.at(-1)).toBe('3 more failed');
  });

  it('takes an answer without runs as nothing run', async () => {
    await changeLocale('zh-CN');
    for (const answer of [undefined, null, {}, { runs: 'x' }]) {
      expect(flowRunMessage('发货', answer, t)).toEqual({
        type: 'success',
        title: '流程「发货」已运行：0 条记录成功',
        lines: [],
      });
    }
  });
});
