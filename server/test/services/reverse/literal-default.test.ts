import { describe, expect, it } from 'vitest';
import type { Client } from '../../../src/config';
import { literalDefault } from '../../../src/services/reverse/literal-default';

describe('literalDefault', () => {
  it.each([
    ['sqlite', null, null],
    ['sqlite', "'abc'", 'abc'],
    ['sqlite', "'it''s'", "it's"],
    ['sqlite', '0', '0'],
    ['sqlite', '(-1.5)', '-1.5'],
    ['sqlite', 'NULL', null],
    ['sqlite', 'CURRENT_TIMESTAMP', undefined],
    ['pg', "'abc'::character varying", 'abc'],
    ['pg', "'2024-01-02'::date", '2024-01-02'],
    ['pg', "('10.50'::numeric)", '10.50'],
    ['pg', 'true', 'true'],
    ['pg', "nextval('t_id_seq'::regclass)", undefined],
    ['pg', 'now()', undefined],
    ['mysql', "'a\\'b'", "a'b"],
    ['mysql', "'x'", 'x'],
    ['mysql', 'current_timestamp()', undefined],
  ] as [Client, string | null, string | null | undefined][])('%s %s → %j', (dialect, raw, expected) => {
    expect(literalDefault(raw, dialect)).toBe(expected);
  });
});
