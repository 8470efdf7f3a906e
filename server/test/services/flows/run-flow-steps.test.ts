import { describe, expect, it } from 'vitest';
import {
  answerError,
  runFlowSteps,
  type FlowInvoke,
  type FlowServices,
  type FlowStart,
} from '../../../src/services/flows/run-flow-steps';
import type { FlowStep } from '../../../src/services/flows/flow-steps';

const start: FlowStart = {
  flowId: 1,
  runId: 9,
  trigger: 'button',
  dataSource: 'primary',
  table: 'order',
  key: '5',
  record: { id: 5, name: '甲', status: '已付款' },
  user: { id: 2, username: 'clerk' },
  now: new Date('2026-11-30T08:00:00.000Z'),
};

/** API calls answered in order; a call not expected fails the test. */
const scripted = (answers: { expect: string; status: number; body: string }[]) => {
  const calls: { method: string; url: string; payload?: unknown }[] = [];
  const invoke: FlowInvoke = async (call) => {
    calls.push(call);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${call.method} ${call.url}`);
    expect(`${call.method} ${call.url}`).toBe(next.expect);
    return { status: next.status, body: next.body };
  };
  return { invoke, calls };
};

const services = (invoke: FlowInvoke, overrides: Partial<FlowServices> = {}): FlowServices => ({
  invoke,
  sendWebhook: async () => {
    throw new Error('unexpected webhook');
  },
  runExtension: async () => {
    throw new Error('unexpected extension step');
  },
  ...overrides,
});

describe('runFlowSteps', () => {
  it('runs the steps in order, each seeing the record as the step before left it', async () => {
    const { invoke, calls } = scripted([
      { expect: 'PATCH /api/business/order/5?dataSource=primary', status: 200, body: '' },
      {
        expect: 'GET /api/business/order/5?dataSource=primary',
        status: 200,
        body: JSON.stringify({ id: 5, name: '甲', status: '待发货' }),
      },
      { expect: 'POST /api/business/shipment?dataSource=primary', status: 201, body: '"11"' },
    ]);
    const sent: string[] = [];
    const steps: FlowStep[] = [
      { kind: 'update', values: { status: '待发货', by: '$user' } },
      { kind: 'create', table: 'shipment', values: { orderId: '{{id}}', note: '{{status}}' } },
      { kind: 'webhook', url: 'https://example.com/hook', method: 'POST', headers: null },
    ];
    const outcome = await runFlowSteps(steps, start, '发货', {
      ...services(invoke),
      sendWebhook: async (_step, body) => {
        sent.push(body);
        return null;
      },
    });
    expect(outcome).toEqual({
      status: 'ok',
      step: null,
      stepKind: null,
      input: null,
      error: null,
      result: '1 update order 5\n2 create shipment 11\n3 webhook POST https://example.com/hook',
    });
    expect(calls[0]?.payload).toEqual({ status: '待发货', by: 'clerk' });
    expect(calls[2]?.payload).toEqual({ orderId: 5, note: '待发货' });
    expect(JSON.parse(sent[0] ?? '')).toMatchObject({ flow: '发货', record: { status: '待发货' }, key: '5' });
  });

  it('stops at the failing step, with its input and the API error; the later steps do not run', async () => {
    const { invoke } = scripted([
      {
        expect: 'POST /api/business/shipment?dataSource=primary',
        status: 400,
        body: JSON.stringify({ code: 'VALIDATION_ERROR', message: 'bad', errors: { name: 'required' } }),
      },
    ]);
    const outcome = await runFlowSteps(
      [
        { kind: 'create', table: 'shipment', values: { orderId: '{{id}}' } },
        { kind: 'update', values: { status: 'never' } },
      ],
      start,
      'f',
      services(invoke),
    );
    expect(outcome).toMatchObject({
      status: 'failed',
      step: 1,
      stepKind: 'create',
      error: 'bad; name: required',
    });
    expect(JSON.parse(outcome.input ?? '')).toEqual({ table: 'shipment', values: { orderId: 5 } });
  });

  it('an update without a record fails its step; extension steps get their filled object', async () => {
    const { invoke } = scripted([]);
    const seen: unknown[] = [];
    const outcome = await runFlowSteps(
      [
        { kind: 'notes:add', text: 'for {{name}}' },
        { kind: 'update', values: { a: 1 } },
      ],
      { ...start, table: null, key: null },
      'f',
      services(invoke, {
        runExtension: async (_step, input) => {
          seen.push(input);
          return 'noted';
        },
      }),
    );
    expect(seen).toEqual([{ kind: 'notes:add', text: 'for 甲' }]);
    expect(outcome).toMatchObject({
      status: 'failed',
      step: 2,
      stepKind: 'update',
      result: '1 notes:add: noted',
    });
  });

  it('answerError reads the error envelope, or says the status', () => {
    expect(answerError(403, JSON.stringify({ message: '没有权限' }))).toBe('没有权限');
    expect(answerError(502, 'gateway')).toBe('HTTP 502: gateway');
    expect(answerError(500, '')).toBe('HTTP 500');
  });
});
