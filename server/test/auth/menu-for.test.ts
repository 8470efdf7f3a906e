import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../contract/index';
import { menuFor } from '../../src/auth/menu-for';

const menus: MenuItem[] = [
  { id: 1, name: '业务数据', code: 'business' },
  { id: 2, name: '内置数据', code: 'systemBusiness' },
  { id: 3, name: '元数据', code: 'metadata' },
  { id: 4, name: '系统', code: 'system' },
];

describe('menuFor', () => {
  it.each([
    [['ROLE_SUPER_ADMIN'], ['business', 'systemBusiness', 'metadata', 'system']],
    [[], []],
    [['ROLE_CLERK'], []],
    [
      ['ROLE_CLERK', 'business:product:read'],
      ['business', 'systemBusiness'],
    ],
    [['business:*:read'], ['business', 'systemBusiness']],
    [['business:product:*'], ['business', 'systemBusiness']],
    [['business:product:create'], []],
    [['business:*'], ['business', 'systemBusiness']],
    [['business:*:create'], []],
    [['metadata:read'], ['metadata']],
    [['metadata:*'], ['metadata']],
    [['*'], ['business', 'systemBusiness', 'metadata', 'system']],
    [['audit:read'], ['system']],
    [['audit:*'], ['system']],
    // a webhook manager's authorities, as the session expands webhook:manage
    [
      ['webhook:manage', 'business:webhook:*', 'business:webhookDelivery:read'],
      ['business', 'systemBusiness', 'system'],
    ],
    [['webhook:*'], ['system']],
    // a schedule manager's, likewise
    [
      ['schedule:manage', 'business:schedule:*', 'business:scheduleRun:read', 'business:scheduleRun:export'],
      ['business', 'systemBusiness', 'system'],
    ],
    [['schedule:*'], ['system']],
    // a flow manager's, likewise
    [
      ['flow:manage', 'business:flow:*', 'business:flowRun:read', 'business:flowRun:export'],
      ['business', 'systemBusiness', 'system'],
    ],
    [['flow:manage'], ['system']],
    [['flow:*'], ['system']],
    [
      ['metadata:*', 'audit:read'],
      ['metadata', 'system'],
    ],
    [
      ['business:a:read', 'metadata:write'],
      ['business', 'systemBusiness', 'metadata'],
    ],
  ])('%j → %j', (authorities, codes) => {
    expect(menuFor(authorities, menus).map((menu) => menu.code)).toEqual(codes);
  });
});
