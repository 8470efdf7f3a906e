import { Type, type Static } from 'typebox';

const Id = Type.Integer();
const Text = Type.Union([Type.String(), Type.Null()]);

/** A `tableFormBuilder` record as GET /api/metadata/tables/name/{name}/screen answers it. */
const FormBuilderRecord = Type.Object({
  id: Id,
  tableId: Id,
  dataSource: Type.String(),
  name: Text,
  device: Type.String(),
  type: Type.String(),
  body: Text,
});

/** A `columnExtProperty` record as the same call answers it. */
const ExtPropertyRecord = Type.Object({
  id: Id,
  tableId: Id,
  dataSource: Type.String(),
  columnId: Id,
  key: Type.String(),
  value: Text,
});

export const ScreenSettingsSchema = Type.Object({
  formBuilders: Type.Array(FormBuilderRecord),
  extProperties: Type.Array(ExtPropertyRecord),
});
export type ScreenSettings = Static<typeof ScreenSettingsSchema>;
