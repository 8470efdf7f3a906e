/** Nested writes and cascades stop this many levels below the record written. */
export const MAX_WRITE_DEPTH = 8;
