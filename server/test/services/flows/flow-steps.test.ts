import { describe, expect, it } from 'vitest';
import { MAX_FLOW_STEPS, parseFlowSteps, type StepCatalogue } from '../../../src/services/flows/flow-steps';

const catalogue: StepCatalogue = {
  extensionKinds: new Set(['notes:add']),
  tasks: new Set(['activity:prune']),
};

const problemOf = (text: unknown): string => {
  const parsed = parseFlowSteps(text, catalogue);
  if (!('problem' in parsed)) throw new Error(`expected a problem with ${String(text)}`);
  return parsed.problem.en;
};

describe('parseFlowSteps', () => {
  it('reads each core kind and an extension kind, with defaults', () => {
    const parsed = parseFlowSteps(
      JSON.stringify([
        { kind: 'update', values: { status: '待发货' } },
        { kind: 'create', table: 'shipment', values: { orderId: '{{id}}' } },
        { kind: 'webhook', url: ' https://example.com/hook ', headers: { 'X-Key': 'k' } },
        { kind: 'task', task: 'activity:prune' },
        { kind: 'notes:add', text: 'hi' },
      ]),
      catalogue,
    );
    expect(parsed).toEqual({
      steps: [
        { kind: 'update', values: { status: '待发货' } },
        { kind: 'create', table: 'shipment', values: { orderId: '{{id}}' } },
        { kind: 'webhook', url: 'https://example.com/hook', method: 'POST', headers: '{"X-Key":"k"}' },
        { kind: 'task', task: 'activity:prune', input: {} },
        { kind: 'notes:add', text: 'hi' },
      ],
    });
  });

  it('refuses what could not run, naming the step', () => {
    expect(problemOf('not json')).toContain('JSON array');
    expect(problemOf('[]')).toContain('JSON array');
    expect(problemOf('{}')).toContain('JSON array');
    expect(
      problemOf(
        JSON.stringify(
          Array.from({ length: MAX_FLOW_STEPS + 1 }, () => ({ kind: 'update', values: { a: 1 } })),
        ),
      ),
    ).toContain(String(MAX_FLOW_STEPS));
    expect(problemOf('[1]')).toContain('JSON array');
    expect(problemOf('[{"kind":"explode"}]')).toBe(
      'step 1: kind explode does not exist; available kinds: update, create, webhook, task, notes:add',
    );
    expect(problemOf('[{"kind":"update","values":{"a":1}},{"kind":"update","values":{}}]')).toBe(
      'step 2: values must be an object with at least one field',
    );
    expect(problemOf('[{"kind":"update","values":[1]}]')).toContain('step 1');
    expect(problemOf('[{"kind":"create","table":"a b","values":{"a":1}}]')).toContain('step 1: table');
    expect(problemOf('[{"kind":"webhook"}]')).toContain('step 1: url');
    expect(problemOf('[{"kind":"webhook","url":"https://x.test","method":"DELETE"}]')).toContain('method');
    expect(problemOf('[{"kind":"webhook","url":"https://x.test","headers":{"Host":"evil"}}]')).toContain(
      'headers',
    );
    expect(problemOf('[{"kind":"task","task":"other:thing"}]')).toContain('activity:prune');
    expect(problemOf('[{"kind":"task","task":"activity:prune","input":[1]}]')).toContain('input');
  });
});
