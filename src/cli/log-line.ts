import { style } from './logger.js';

// The request log of the CLI's servers (`mock`, `proxy`): one line per request, the same shape for both.

export interface RequestLogEntry {
  method: string;
  /** What the server shows of the request's URL: never a credential. */
  target: string;
  status: number;
  ms: number;
}

/** `POST    /quoter  200  3.1 ms`: status coloured by class, never a header value. */
export function logLine(entry: RequestLogEntry, color: boolean): string {
  const status = String(entry.status);
  const painted = entry.status >= 500 ? style.red(color, status) : entry.status >= 400 ? style.yellow(color, status) : style.green(color, status);
  const ms = entry.ms < 10 ? entry.ms.toFixed(1) : String(Math.round(entry.ms));
  return `${entry.method.padEnd(7)} ${entry.target}  ${painted}  ${style.dim(color, `${ms} ms`)}`;
}
