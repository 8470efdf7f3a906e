import { describe, expect, it } from 'vitest';
import {
  LEASE_BACKOFF_FIRST_MS,
  LEASE_BACKOFF_MAX_MS,
  leaseBackoffMs,
} from '../../../src/dialects/sql/lease-backoff';
import { wsrepOn } from '../../../src/dialects/sql/runs-on-galera';

describe('leaseBackoffMs', () => {
  it('starts at the first pause, between half and all of it', () => {
    expect(leaseBackoffMs(0, 0)).toBe(Math.round(LEASE_BACKOFF_FIRST_MS / 2));
    expect(leaseBackoffMs(0, 0.9999)).toBe(LEASE_BACKOFF_FIRST_MS);
  });
  it('doubles, up to the longest pause', () => {
    expect(leaseBackoffMs(2, 0)).toBe(LEASE_BACKOFF_FIRST_MS * 2);
    expect(leaseBackoffMs(30, 0.9999)).toBe(LEASE_BACKOFF_MAX_MS);
    expect(leaseBackoffMs(30, 0)).toBe(LEASE_BACKOFF_MAX_MS / 2);
  });
});

describe('wsrepOn', () => {
  it('is true when the server says wsrep_on is ON', () => {
    expect(wsrepOn([{ Value: 'ON' }])).toBe(true);
    expect(wsrepOn([{ value: 'on' }])).toBe(true);
  });
  it('is false on a plain server: OFF, or no such variable (MySQL)', () => {
    expect(wsrepOn([{ Value: 'OFF' }])).toBe(false);
    expect(wsrepOn([])).toBe(false);
  });
});
