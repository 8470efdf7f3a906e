import { SqlRunError } from './sql-result';

/** The part of a driver's socket the guard listens to. */
export interface DataSocket {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer) => void): unknown;
}

/** The error a runner reports when one row of a result is larger than the server accepts. */
export const rowTooLarge = (maxBytes: number): SqlRunError =>
  new SqlRunError('tooLarge', `a row of the result is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);

/**
 * Counts the bytes a database connection receives since the last complete row: a driver keeps a
 * whole row in memory before handing it over, so a single huge value (`repeat('x', 300000000)`)
 * would be read in full before the cell ceiling could cut it. Past `maxBytes`, `exceeded` is
 * called once (the runner then drops the connection).
 */
export const guardRowSize = (socket: DataSocket, maxBytes: number, exceeded: () => void) => {
  let since = 0;
  let fired = false;
  const onData = (chunk: Buffer) => {
    since += chunk.length;
    if (!fired && since > maxBytes) {
      fired = true;
      exceeded();
    }
  };
  socket.on('data', onData);
  return {
    /** A row was handed over. */
    row: () => {
      since = 0;
    },
    stop: () => {
      socket.off('data', onData);
    },
  };
};
