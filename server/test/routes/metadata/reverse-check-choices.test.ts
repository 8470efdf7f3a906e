import { expect, it } from 'vitest';
import { apiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

interface ReversedColumn {
  name: string;
  dataType: string;
  length: number | null;
  multipleValue: boolean;
  options: { value: string }[] | null;
  nativeType: string | null;
}

const KEY = {
  sqlite: 'id INTEGER PRIMARY KEY',
  pg: 'id serial PRIMARY KEY',
  mysql: 'id INT AUTO_INCREMENT PRIMARY KEY',
};
const TEXT = { sqlite: 'TEXT', pg: 'text', mysql: 'VARCHAR(30)' };

describeEachDatabase(
  'reversing text columns a CHECK (col IN (...)) limits as choice columns ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('gives them the listed values as options, keeps their type, and leaves other checks alone', async () => {
      const app = await apps.build();
      const knex = app.dataSources.primary.knex;
      await knex.raw(`CREATE TABLE ticket (
      ${KEY[db.name]},
      title VARCHAR(50) NOT NULL,
      status VARCHAR(20) NOT NULL CHECK (status IN ('open', 'closed', 'it''s')),
      kind ${TEXT[db.name]} NULL,
      note VARCHAR(20) NULL CHECK (note IN ('a') OR note IS NULL),
      qty INT NULL CHECK (qty IN (1, 2)),
      CONSTRAINT ticket_kind CHECK (kind IN ('bug', 'idea'))
    )`);
      await knex.raw(`INSERT INTO ticket (title, status, kind) VALUES ('First', 'open', 'bug')`);
      const api = apiClient(app, (await login(app)).cookie);
      const reversed = await api.post('/api/metadata/tables/metadatas/reverse/ticket', {});
      expect(reversed.statusCode, reversed.body).toBe(201);
      const stored = (await api.get('/api/metadata/tables/name/ticket')).json() as {
        columns: ReversedColumn[];
      };
      const column = (name: string) => stored.columns.find((one) => one.name === name) as ReversedColumn;

      expect(column('status')).toMatchObject({
        dataType: 'VARCHAR',
        length: 20,
        multipleValue: false,
        options: [{ value: 'open' }, { value: 'closed' }, { value: "it's" }],
        nativeType: null,
      });
      expect(column('kind').options).toEqual([{ value: 'bug' }, { value: 'idea' }]);
      expect(column('note').options).toBeNull();
      expect(column('qty').options).toBeNull();
      expect(column('title').options).toBeNull();

      const created = await api.post('/api/business/ticket', {
        title: 'Second',
        status: 'closed',
        kind: 'idea',
      });
      expect(created.statusCode, created.body).toBe(201);
      const refused = await api.post('/api/business/ticket', { title: 'Third', status: 'pending' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.status).toContain('open, closed');
      const found = (await api.get('/api/business/ticket?status=closed')).json() as { title: string }[];
      expect(found.map((row) => row.title)).toEqual(['Second']);
    });
  },
);
