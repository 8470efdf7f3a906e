import { metaOf } from '../../db/metadata-home';
import { ApiException } from '../../errors/api-exception';
import { createItem } from '../items/create-item';
import type { ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { idempotencyKeyHash } from './idempotency-key-hash';
import { findStoredAnswer, keepAnswer, type IdempotencyScope } from './idempotency-store';
import { requestFingerprint } from './request-fingerprint';

/** A create sent with an idempotency key: the key, and what its fingerprint is made of. */
export interface IdempotentCreate {
  key: string;
  method: string;
  /** The request's path, without the query string. */
  path: string;
  body: unknown;
}

/** The answer of a create: its status and the new id, `replayed` when an earlier request made it. */
export interface CreateAnswer {
  status: number;
  id: number | string;
  replayed: boolean;
}

const CREATED = 201;

const storedId = (body: string): number | string => {
  const value: unknown = JSON.parse(body);
  if (typeof value === 'number' || typeof value === 'string') return value;
  throw new Error('the stored answer of an idempotency key is not a record id');
};

/**
 * POST /api/business/{table} with an `Idempotency-Key` (docs/api.md §3): the first request with the
 * key creates the record and keeps its answer (status, id) in the create's own transaction; a
 * later one by the same user on the same table of the same data source gets that answer back,
 * `replayed`, and writes nothing, if it is the same request (method, path and body, whatever the
 * order of the body's members): else 422 `IDEMPOTENCY_KEY_REUSED`. A request whose key another
 * request took between the look-up and the commit (two sent at once) is rolled back: 409
 * `IDEMPOTENCY_KEY_IN_USE`, and the same request again gets the answer.
 *
 * The answers live in `primary`: for a table of another data source they are inserted in the
 * write's transaction of `primary`, committed just before the data source's (as record history is).
 */
export const createItemOnce = async (
  context: ItemContext,
  item: ItemTable,
  request: IdempotentCreate,
  now = Date.now(),
): Promise<CreateAnswer> => {
  const scope: IdempotencyScope = {
    keyHash: idempotencyKeyHash(request.key),
    userId: context.userId,
    dataSource: context.dataSource,
    tableName: item.table.name,
  };
  const fingerprint = requestFingerprint(request.method, request.path, request.body);
  const stored = await findStoredAnswer(metaOf(context.db).db, scope, now);
  if (stored) {
    if (stored.fingerprint !== fingerprint) throw new ApiException('IDEMPOTENCY_KEY_REUSED');
    return { status: stored.status, id: storedId(stored.body), replayed: true };
  }
  const id = await createItem(context, item, request.body, {
    onCreated: async (write, created) => {
      const answer = { fingerprint, status: CREATED, body: JSON.stringify(created) };
      if (!(await keepAnswer(await write.primary(), scope, answer, now))) {
        throw new ApiException('IDEMPOTENCY_KEY_IN_USE', undefined, undefined, {
          headers: { 'retry-after': '1' },
        });
      }
    },
  });
  return { status: CREATED, id, replayed: false };
};
