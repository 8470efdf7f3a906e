import { Type } from 'typebox';
import { pagingQuery } from '../../schemas/paging';
import { SequenceBody, SequenceSchema } from '../../schemas/sequence-body';
import {
  allSequences,
  countSequences,
  createSequence,
  deleteSequences,
  getSequence,
  listSequences,
  updateSequence,
} from '../../services/sequences/sequence-store';
import { crudRoutes } from './crud-routes';

const Search = Type.Optional(
  Type.String({ maxLength: 200, description: 'substring of name or caption, any case' }),
);

/** /api/metadata/sequences (docs/api.md §2.2). */
export default crudRoutes({
  tags: ['metadata'],
  permission: { read: 'metadata:read', write: 'metadata:write' },
  noun: ['sequence', 'sequences'],
  schemas: {
    record: SequenceSchema,
    body: SequenceBody,
    list: Type.Object({ ...pagingQuery(), search: Search }),
    count: Type.Object({ search: Search }),
  },
  service: {
    list: listSequences,
    count: (knex, query) => countSequences(knex, query.search),
    get: getSequence,
    create: (knex, body) => createSequence(knex, body),
    update: (knex, id, body) => updateSequence(knex, id, body),
    remove: (knex, ids) => deleteSequences(knex, ids),
  },
  exported: { fileName: 'metadataSequence.json', all: allSequences },
});
