import type { Knex } from 'knex';
import { expect, it } from 'vitest';
import { SYSTEM } from '../../src/db/table-names';
import { createRelation, createTable, type CreatedTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';
import { bareApp } from '../helpers/clean-admin';

const PASSWORD = 'User-pass-1';

const rows = async (knex: Knex, table: string) => JSON.stringify(await knex(table).select('*').orderBy('id'));

const columnId = (table: CreatedTable, name: string) => {
  const column = table.columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`${table.name} has no column ${name}`);
  return column.id;
};

/**
 * client ← invoice (customerId, ManyToOne `client`) → entries (OneToMany), → logs (OneToMany,
 * read-only table). An editor may not change invoice.customerId nor entry.amount.
 */
// Each test creates several tables first: slow DDL on a busy MySQL.
describeEachDatabase(
  'column rules and read-only tables in nested writes ($name)',
  { timeout: 120_000 },
  (db) => {
    const apps = useTestApps(db);

    const setup = async () => {
      const { app, knex } = await bareApp(apps);
      const admin = apiClient(app, (await login(app)).cookie);
      const client = await createTable(admin, { name: 'client', columns: SYSTEM_COLUMNS });
      const invoice = await createTable(admin, {
        name: 'invoice',
        columns: [...SYSTEM_COLUMNS, { name: 'customerId', dataType: 'BIGINT' }],
      });
      const entry = await createTable(admin, {
        name: 'entry',
        columns: [
          ...SYSTEM_COLUMNS,
          { name: 'invoiceId', dataType: 'BIGINT', nullable: false },
          { name: 'amount', dataType: 'INT' },
        ],
      });
      const log = await createTable(admin, {
        name: 'auditLog',
        readOnly: true,
        columns: [...SYSTEM_COLUMNS, { name: 'invoiceId', dataType: 'BIGINT', nullable: false }],
      });
      const relation = (
        name: string,
        type: 'ManyToOne' | 'OneToMany',
        from: CreatedTable,
        fromColumn: string,
        to: CreatedTable,
        toColumn: string,
      ) => createRelation(knex, { name, relationType: type, from, fromColumn, to, toColumn });
      await relation('client', 'ManyToOne', invoice, 'customerId', client, 'id');
      await relation('entries', 'OneToMany', invoice, 'id', entry, 'invoiceId');
      await relation('logs', 'OneToMany', invoice, 'id', log, 'invoiceId');
      // A fresh app: the relations were written behind the metadata cache's back.
      const fresh = await apps.build();
      const root = apiClient(fresh, (await login(fresh)).cookie);
      const clientA = (await root.post('/api/business/client', { name: 'A' })).json();
      const clientB = (await root.post('/api/business/client', { name: 'B' })).json();
      const created = await root.post('/api/business/invoice', {
        name: 'INV-1',
        customerId: clientA,
        entries: [{ name: 'e1', amount: 10 }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const invoiceId = created.json();
      const everything = (table: string) => `business:${table}:*`;
      await createUser(fresh, {
        username: 'editor',
        password: PASSWORD,
        roles: { ROLE_EDITOR: ['invoice', 'entry', 'client', 'auditLog'].map(everything).join(',') },
      });
      const roleId = (await knex(SYSTEM.role).where('code', 'ROLE_EDITOR').first()).id;
      for (const [table, column] of [
        [invoice, 'customerId'],
        [entry, 'amount'],
      ] as const) {
        const granted = await root.post('/api/business/tablePermission', {
          tableId: table.id,
          roleId,
          columns: JSON.stringify([{ columnId: columnId(table, column), read: true, update: false }]),
        });
        expect(granted.statusCode, granted.body).toBe(201);
      }
      const editor = apiClient(fresh, (await login(fresh, 'editor', PASSWORD)).cookie);
      const snapshot = async () =>
        [await rows(knex, 'invoice'), await rows(knex, 'entry'), await rows(knex, 'auditLog')].join('\n');
      return { knex, root, editor, invoiceId, clientA, clientB, snapshot };
    };

    it('refuses a foreign key set through a relation object the role may not change', async () => {
      const { editor, invoiceId, clientB, snapshot } = await setup();
      const before = await snapshot();
      const updated = await editor.patch(`/api/business/invoice/${invoiceId}`, { client: { id: clientB } });
      expect(updated.statusCode).toBe(403);
      expect(updated.json().message).toContain('customerId');
      const created = await editor.post('/api/business/invoice', { name: 'INV-2', client: { id: clientB } });
      expect(created.statusCode).toBe(403);
      expect(await snapshot()).toBe(before);
      // What the role may change still goes through.
      expect((await editor.patch(`/api/business/invoice/${invoiceId}`, { name: 'renamed' })).statusCode).toBe(
        200,
      );
    });

    it("applies the child table's column rules to nested children", async () => {
      const { editor, invoiceId, snapshot } = await setup();
      const before = await snapshot();
      const created = await editor.post('/api/business/invoice', {
        name: 'INV-3',
        entries: [{ name: 'e', amount: 999 }],
      });
      expect(created.statusCode).toBe(403);
      expect(created.json().message).toContain('amount');
      const added = await editor.patch(`/api/business/invoice/${invoiceId}`, {
        entries: [{ name: 'e2', amount: 5 }],
      });
      expect(added.statusCode).toBe(403);
      expect(await snapshot()).toBe(before);
      const ok = await editor.post('/api/business/invoice', { name: 'INV-4', entries: [{ name: 'e' }] });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('refuses nested inserts into a read-only table with 409 naming it', async () => {
      const { root, invoiceId, snapshot } = await setup();
      const before = await snapshot();
      const created = await root.post('/api/business/invoice', { name: 'INV-5', logs: [{ name: 'forged' }] });
      expect(created.statusCode).toBe(409);
      expect(created.json().message).toContain('auditLog');
      const patched = await root.patch(`/api/business/invoice/${invoiceId}`, { logs: [{ name: 'forged' }] });
      expect(patched.statusCode).toBe(409);
      expect(patched.json().message).toContain('auditLog');
      expect(await snapshot()).toBe(before);
    });

    it('refuses sync-deletes and delete cascades into a read-only table with 409, deleting nothing', async () => {
      const { knex, root, invoiceId, snapshot } = await setup();
      await knex('auditLog').insert({
        name: 'kept',
        invoiceId,
        createdDate: '2024-01-01 00:00:00',
        isDeleted: false,
      });
      const before = await snapshot();
      const synced = await root.patch(`/api/business/invoice/${invoiceId}`, { logs: [] });
      expect(synced.statusCode).toBe(409);
      expect(synced.json().message).toContain('auditLog');
      const deleted = await root.delete(`/api/business/invoice/${invoiceId}`);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().message).toContain('auditLog');
      expect((await root.delete('/api/business/invoice', [invoiceId])).statusCode).toBe(409);
      expect(await snapshot()).toBe(before);
      // An unchanged list of the read-only children is no write: the parent still saves.
      const log = (await knex('auditLog').first()) as { id: number };
      const kept = await root.patch(`/api/business/invoice/${invoiceId}`, {
        name: 'INV-1b',
        logs: [{ id: log.id, name: 'kept' }],
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const changed = await root.patch(`/api/business/invoice/${invoiceId}`, {
        logs: [{ id: log.id, name: 'edited' }],
      });
      expect(changed.statusCode).toBe(409);
      expect(await rows(knex, 'auditLog')).toBe(before.split('\n')[2]);
    });
  },
);
