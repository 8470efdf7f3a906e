/** A PostgreSQL identifier in double quotes (inner quotes doubled). */
export const quotePgIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;
