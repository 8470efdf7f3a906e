import { readFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { freePort } from './start-server';

export interface ServedApp {
  url: string;
  stop: () => Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const PROXIED = /^\/(api|download)(\/|$|\?)/;

/**
 * Serves a built single-page app from `root` and passes `/api` and `/download` on to `apiUrl`
 * with the request's own Host header, as a dev-server proxy or a reverse proxy would: the
 * browser sees one origin, and so does the server's origin check.
 */
export const serveWithApi = async (root: string, apiUrl: string): Promise<ServedApp> => {
  const target = new URL(apiUrl);
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (PROXIED.test(path)) {
      const upstream = request(
        { hostname: target.hostname, port: target.port, path, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
      return;
    }
    const file = normalize(join(root, decodeURIComponent(path.split('?')[0] ?? '/')));
    const inside = file.startsWith(`${normalize(root)}${sep}`);
    const send = (name: string) =>
      readFile(name).then((body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(name)] ?? 'application/octet-stream' });
        res.end(body);
      });
    // a path that is no file is a route of the app: its index.html
    (inside && extname(file) ? send(file) : Promise.reject(new Error('route')))
      .catch(() => send(join(root, 'index.html')))
      .catch(() => {
        res.writeHead(404);
        res.end();
      });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};
