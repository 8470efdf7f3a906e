import { prettyFactory } from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/**
 * `LOG_FORMAT` wins when set (`json` or `pretty`); otherwise a terminal gets readable lines and
 * anything else (a pipe, a file, a log collector) gets one JSON object per line.
 */
export const logFormatFor = (value: string | undefined, isTty: boolean): LogFormat => {
  if (value === 'json' || value === 'pretty') return value;
  return isTty ? 'pretty' : 'json';
};

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  [key: string]: unknown;
}

/** Requests whose start was seen and whose end is not logged yet, by request id. */
const MAX_OPEN_REQUESTS = 10_000;

/**
 * A pino destination writing one readable line per log entry. A request takes one line
 * (`GET /api/x 200 3 ms`, written when it completes) instead of Fastify's two JSON objects.
 */
export const createReadableDestination = (
  write: (text: string) => void,
  options: { colorize: boolean },
): { write: (line: string) => void } => {
  const openRequests = new Map<string, string>();
  const format = prettyFactory({
    colorize: options.colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
  return {
    write: (line: string) => {
      let entry: LogLine;
      try {
        entry = JSON.parse(line) as LogLine;
      } catch {
        write(line);
        return;
      }
      if (entry.msg === 'incoming request' && entry.req && entry.reqId) {
        if (openRequests.size >= MAX_OPEN_REQUESTS) openRequests.clear();
        openRequests.set(entry.reqId, `${entry.req.method ?? ''} ${entry.req.url ?? ''}`);
        return;
      }
      if (entry.msg === 'request completed' && entry.reqId) {
        const request = openRequests.get(entry.reqId) ?? 'request';
        openRequests.delete(entry.reqId);
        const time = entry.responseTime === undefined ? '' : ` ${Math.round(entry.responseTime)} ms`;
        entry.msg = `${request} ${entry.res?.statusCode ?? ''}${time}`;
      }
      write(format(entry));
    },
  };
};
