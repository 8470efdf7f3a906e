/** A business record (a row of a table): column values plus embedded relations. */
export type BusinessRecord = Record<string, unknown>;
