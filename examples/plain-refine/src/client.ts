import { createCrudboardClient } from '@crudboard/client';

/**
 * This app's crudboard client: the server on the same origin (the dev server passes `/api` on),
 * and its own storage keys, so it never mixes its session with crudboard's app on this origin.
 */
export const client = createCrudboardClient({ storageKeyPrefix: 'plain-refine:' });
