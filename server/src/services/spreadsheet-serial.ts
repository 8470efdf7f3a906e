/**
 * Dates as spreadsheets count them (the 1900 date system): day 0 is 1899-12-30, so serial 1 is
 * 1900-01-01 with the system's phantom 1900-02-29; a time of day is the fraction of a day.
 */
export const SERIAL_EPOCH = Date.UTC(1899, 11, 30);
export const DAY_MS = 86_400_000;
