import { describe, expect, it } from 'vitest';
import { createReadableDestination, logFormatFor } from '../src/log-destination';

describe('logFormatFor', () => {
  it('prints readable lines on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor('pretty', false)).toBe('pretty');
    expect(logFormatFor('yaml', false)).toBe('json');
  });
});

describe('createReadableDestination', () => {
  const collect = () => {
    const lines: string[] = [];
    const destination = createReadableDestination((text) => lines.push(text), { colorize: false });
    const log = (entry: object) => destination.write(`${JSON.stringify(entry)}\n`);
    return { lines, log };
  };

  it('writes one line per request, when it completes, with method, url, status and time', () => {
    const { lines, log } = collect();
    log({ level: 30, time: 0, reqId: 'a', req: { method: 'GET', url: '/api/x' }, msg: 'incoming request' });
    expect(lines).toEqual([]);
    log({
      level: 30,
      time: 0,
      reqId: 'a',
      res: { statusCode: 200 },
      responseTime: 3.4,
      msg: 'request completed',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('GET /api/x 200 3 ms');
    expect(lines[0]).toContain('INFO');
    expect(lines[0]).not.toContain('{');
  });

  it('keeps other entries and their fields, and passes through what is not JSON', () => {
    const { lines, log } = collect();
    log({ level: 50, time: 0, msg: 'shutdown failed', signal: 'SIGTERM' });
    expect(lines[0]).toContain('ERROR');
    expect(lines[0]).toContain('shutdown failed');
    expect(lines[0]).toContain('SIGTERM');
    const destination = createReadableDestination((text) => lines.push(text), { colorize: false });
    destination.write('not json\n');
    expect(lines[1]).toBe('not json\n');
  });
});
