import { AsyncLocalStorage } from 'node:async_hooks';

/** Who makes a change, as an event names them (`user` of the body). */
export interface ChangeAuthor {
  id: number | null;
  username: string | null;
  name: string | null;
}

/** Server code (no request): nobody. */
const NOBODY: ChangeAuthor = { id: null, username: null, name: null };

const authors = new AsyncLocalStorage<ChangeAuthor>();

/**
 * Runs `work` as `author`: the schema changes it makes (their metadata is written far from the
 * request) name them in their events.
 */
export const withChangeAuthor = <T>(author: ChangeAuthor, work: () => T): T => authors.run(author, work);

/** The author of the change being made here, or nobody outside a request. */
export const changeAuthor = (): ChangeAuthor => authors.getStore() ?? NOBODY;
