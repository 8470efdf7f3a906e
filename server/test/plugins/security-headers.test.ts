import { expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../src/plugins/security-headers';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describeEachDatabase('security headers ($name)', (db) => {
  const apps = useTestApps(db);

  it('are on successes, errors, redirects and unknown paths alike', async () => {
    const app = await apps.build();
    expect(SECURITY_HEADERS).toEqual({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': CONTENT_SECURITY_POLICY,
    });
    for (const [url, status] of [
      ['/api/metadata/dataSources', 200],
      ['/api/users/me', 401],
      ['/api/nope', 404],
      ['/nope', 404],
      ['/', 302],
      ['/api/business/config?limit=0', 400],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers[name], url).toBe(value);
    }
  });
});
