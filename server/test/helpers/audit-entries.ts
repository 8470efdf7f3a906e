import { expect } from 'vitest';
import type { Knex } from 'knex';
import type { AuditEntry } from '../../../contract/audit';
import { SHARED_STATE } from '../../src/db/table-names';
import { toAuditEntry, type AuditStoredRow } from '../../src/services/audit/read-audit';

/** Every audit entry stored, oldest first. */
export const storedAudit = async (knex: Knex): Promise<AuditEntry[]> =>
  ((await knex(SHARED_STATE.audit).select('*').orderBy('id')) as AuditStoredRow[]).map(toAuditEntry);

/** The stored entries of one action, oldest first. */
export const auditOf = async (knex: Knex, action: AuditEntry['action']): Promise<AuditEntry[]> =>
  (await storedAudit(knex)).filter((entry) => entry.action === action);

/** A User-Agent the tests send, to find again in the entries. */
export const TEST_AGENT = 'crudboard-audit-test/1.0';

/** How a request id looks (Fastify's ids are random UUIDs here). */
export const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What every entry of a request made through `app.inject` by the test agent carries. */
export const fromTestClient = {
  requestId: expect.stringMatching(REQUEST_ID),
  address: '127.0.0.1',
  userAgent: TEST_AGENT,
};
