import { createHash, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { multipartBody, type FormPart } from '../helpers/multipart';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { buildTwoInstances } from '../helpers/two-instances';

const md5Of = (data: Buffer) => createHash('md5').update(data).digest('hex');

const CHUNK = 4096;

const chunkParts = (data: Buffer, index: number): FormPart[] => [
  { name: 'name', value: 'spread.bin' },
  { name: 'md5', value: md5Of(data) },
  { name: 'size', value: String(data.length) },
  { name: 'chunks', value: String(Math.ceil(data.length / CHUNK)) },
  { name: 'chunk', value: String(index) },
  { name: 'file', filename: 'blob', value: data.subarray(index * CHUNK, (index + 1) * CHUNK) },
];

const post = (app: App, cookie: string, parts: FormPart[]) => {
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/file/big',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
};

describeEachDatabase(
  'a chunked upload spread over two servers sharing DATA_DIR ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('completes once, with the right bytes, whichever server each chunk lands on', async () => {
      const { a, b } = await buildTwoInstances(apps);
      const onA = (await login(a)).cookie;
      const onB = (await login(b)).cookie;
      // Several files, each with every chunk sent at once, alternately to A and B: first chunks
      // race to start the upload, and the last ones race to complete it.
      for (let round = 0; round < 4; round += 1) {
        const data = randomBytes(CHUNK * 11 + 123);
        const chunks = Math.ceil(data.length / CHUNK);
        const answers = await Promise.all(
          Array.from({ length: chunks }, (_, i) =>
            i % 2 === 0 ? post(a, onA, chunkParts(data, i)) : post(b, onB, chunkParts(data, i)),
          ),
        );
        expect(
          answers
            .filter((answer) => answer.statusCode !== 201)
            .map((answer) => `${answer.statusCode} ${answer.body}`),
          `round ${round}`,
        ).toEqual([]);
        const finished = answers.map((answer) => answer.json()).filter((body) => body.isFinished === true);
        expect(finished.length).toBeGreaterThanOrEqual(1);
        const urls = new Set(finished.map((body) => body.url as string));
        expect(urls.size).toBe(1);
        for (const [app, cookie] of [
          [a, onA],
          [b, onB],
        ] as const) {
          const status = await app.inject({
            method: 'GET',
            url: `/api/file/big/${md5Of(data)}`,
            headers: { cookie },
          });
          expect(status.json()).toMatchObject({ isFinished: true, url: [...urls][0] });
          const served = await app.inject({
            method: 'GET',
            url: [...urls][0] as string,
            headers: { cookie },
          });
          expect(served.statusCode).toBe(200);
          expect(md5Of(served.rawPayload)).toBe(md5Of(data));
        }
      }
    }, 60_000);
  },
  (db) => db.name !== 'sqlite',
);
