import type { App } from '../../src/app';

/**
 * Every route of the app as `METHOD /url/:param`, from Fastify's route table (hidden routes too):
 * `printRoutes({ commonPrefix: false })` prints a tree of path pieces, four characters per level,
 * each line ending with its methods.
 */
export const routeTable = (app: App): string[] => {
  const routes: string[] = [];
  const pieces: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    pieces.length = (match[1] ?? '').length / 4;
    pieces.push(match[2] ?? '');
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${pieces.join('')}`);
  }
  return routes;
};
