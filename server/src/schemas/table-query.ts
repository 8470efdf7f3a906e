import { Type } from 'typebox';
import { pagingQuery } from './paging';

const text = () => Type.Optional(Type.String({ maxLength: 200 }));
const flag = () => Type.Optional(Type.Boolean());

const filters = {
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'substring of name or caption, any case' }),
  ),
  name: text(),
  pluralName: text(),
  tableName: text(),
  caption: text(),
  engine: text(),
  reverse: flag(),
  systemable: flag(),
  readOnly: flag(),
};

export const TableCountQuery = Type.Object(filters);
export const TableListQuery = Type.Object({ ...pagingQuery(), ...filters });

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) });

export const ConfirmQuery = Type.Object({
  confirmDataLoss: Type.Boolean({
    default: false,
    description: 'accept a change that truncates or drops existing data (else 409 listing it)',
  }),
});

export const DropQuery = Type.Object({
  isDropPhysicalTable: Type.Boolean({ default: false, description: 'also drop the physical tables' }),
});

export const IdList = Type.Array(Type.Integer({ minimum: 1 }), {
  minItems: 1,
  maxItems: 1000,
  description: 'ids to delete; an empty or missing list is refused',
});
