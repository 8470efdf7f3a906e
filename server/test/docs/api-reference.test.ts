import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE_FILE, currentApiReference } from '../../src/cli/write-api-reference';
import { renderApiReference } from '../../src/docs/render-api-reference';

describe('docs/api-reference.md', () => {
  it('is what the routes give: run `npm run docs:api` after changing a route', async () => {
    expect(readFileSync(API_REFERENCE_FILE, 'utf8')).toBe(await currentApiReference());
  }, 30_000);
});

describe('renderApiReference', () => {
  const document = {
    security: [{ session: [] }],
    paths: {
      '/api/b/{id}': {
        patch: {
          summary: 'Change one | keep the rest',
          tags: ['b'],
          parameters: [
            { name: 'id', in: 'path', required: true },
            { name: 'dataSource', in: 'header' },
          ],
          requestBody: { content: { 'application/json': {} } },
          responses: { '200': {}, '4XX': {} },
        },
        get: {
          summary: 'One',
          tags: ['b'],
          parameters: [{ name: 'limit', in: 'query', required: true, schema: { default: 10 } }],
        },
      },
      '/api/a': { post: { summary: 'Sign in', tags: ['a'], security: [] } },
    },
  };

  it('groups by tag, orders by path then method, marks public endpoints, required parameters and headers', () => {
    const text = renderApiReference(document);
    const rows = text.split('\n').filter((line) => /^\| [A-Z]+ `/.test(line));
    expect(rows).toEqual([
      '| POST `/api/a` | Sign in |  |  | no |  |',
      '| GET `/api/b/{id}` | One | `limit` |  | yes |  |',
      '| PATCH `/api/b/{id}` | Change one \\| keep the rest | `id`*, `dataSource` (header) | `application/json` | yes | 200, 4XX |',
    ]);
    expect(text.indexOf('## a')).toBeLessThan(text.indexOf('## b'));
  });
});
