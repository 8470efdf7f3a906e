import { expect, it } from 'vitest';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

/** How crudapi's client (and many other HTTP clients) frame their requests. */
describeEachDatabase('crudapi client: request framing ($name)', (db) => {
  const apps = useTestApps(db);

  it('takes an empty body with Content-Type: application/json as no body', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const api = apiClient(app, cookie);
    const id = (await api.post('/api/metadata/sequences', { name: 'doomed', sequenceType: 'LONG' })).json();
    const headers = { cookie, 'content-type': 'application/json' };

    const read = await app.inject({
      method: 'GET',
      url: `/api/metadata/sequences/${id}`,
      headers,
      payload: '',
    });
    expect(read.statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/metadata/sequences/${id}`,
      headers,
      payload: '',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await api.get(`/api/metadata/sequences/${id}`)).statusCode).toBe(404);
  });

  it('still refuses a body that is not JSON, and a required body that is empty', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const headers = { cookie, 'content-type': 'application/json' };
    const broken = await app.inject({
      method: 'POST',
      url: '/api/metadata/sequences',
      headers,
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('VALIDATION_ERROR');
    const empty = await app.inject({
      method: 'POST',
      url: '/api/metadata/sequences',
      headers,
      payload: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect((await apiClient(app, cookie).get('/api/metadata/sequences/count')).json()).toBe(0);
    const poisoned = await app.inject({
      method: 'POST',
      url: '/api/metadata/sequences',
      headers,
      payload: '{"name":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
