import { describe, expect, it } from 'vitest';
import { isRoleCode } from '../../contract';

describe('isRoleCode', () => {
  it.each(['ROLE_A', 'ROLE_CLERK', 'ROLE_clerk_2', `ROLE_${'X'.repeat(59)}`])('takes %s', (code) => {
    expect(isRoleCode(code)).toBe(true);
  });

  it.each([
    '',
    'ROLE_',
    'clerk',
    'role_clerk',
    'ROLE_A-B',
    'ROLE_A B',
    ' ROLE_A',
    'ROLE_*',
    `ROLE_${'X'.repeat(60)}`,
  ])('refuses %j', (code) => {
    expect(isRoleCode(code)).toBe(false);
  });
});
