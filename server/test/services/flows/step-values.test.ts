import { describe, expect, it } from 'vitest';
import { fillValues, type StepScope } from '../../../src/services/flows/step-values';

const scope: StepScope = {
  record: { id: 7, name: '甲', amount: 12.5, tags: ['a'] },
  user: { id: 3, username: 'clerk' },
  now: new Date('2026-11-30T08:00:00.000Z'),
};

describe('fillValues', () => {
  it('fills whole values with their own type, and templates inside text as text', () => {
    expect(
      fillValues(
        {
          at: '$now',
          by: '$user',
          byId: '$userId',
          id: '{{id}}',
          amount: '{{ amount }}',
          note: '{{name}} #{{id}} by {{$user}} at {{$now}}',
          missing: '{{nothere}}',
          inText: '[{{nothere}}]',
          list: '{{tags}}',
          nested: { deep: ['{{id}}', 1, true, null] },
          plain: '状态',
          number: 5,
        },
        scope,
      ),
    ).toEqual({
      at: '2026-11-30T08:00:00.000Z',
      by: 'clerk',
      byId: 3,
      id: 7,
      amount: 12.5,
      note: '甲 #7 by clerk at 2026-11-30T08:00:00.000Z',
      missing: null,
      inText: '[]',
      list: ['a'],
      nested: { deep: [7, 1, true, null] },
      plain: '状态',
      number: 5,
    });
  });

  it('without a record or a user, their templates are empty', () => {
    expect(
      fillValues({ a: '{{id}}', b: '$user', c: 'x{{id}}y' }, { record: null, user: null, now: scope.now }),
    ).toEqual({
      a: null,
      b: null,
      c: 'xy',
    });
  });

  it('leaves look-alikes alone', () => {
    expect(fillValues({ a: '$nowish', b: '{{ not a field }}', c: '{{constructor}}' }, scope)).toEqual({
      a: '$nowish',
      b: '{{ not a field }}',
      // a name the record does not hold itself (not one of Object's)
      c: null,
    });
  });
});
