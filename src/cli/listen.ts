import type { Server } from 'node:http';
import { style, type Logger } from './logger.js';

// Starting to listen, for the servers of the CLI (`serve`, `mock`, `proxy`): a port in use or a host the
// machine does not have is the user's flags, reported in one line (exit 2), not an internal error.

/** Exit code of a server that could not start because of its flags (port in use, bad host). */
export const EXIT_CANNOT_LISTEN = 2;

/** Listens; on failure prints why in one line and resolves false. */
export async function listen(server: Server, where: { port: number; host: string }, logger: Logger): Promise<boolean> {
  const failed = await new Promise<Error | undefined>((done) => {
    server.once('error', done);
    server.listen(where.port, where.host, () => done(undefined));
  });
  if (!failed) return true;
  logger.error(`${style.red(logger.color, 'error')}  ${listenErrorMessage(failed, where)}`);
  return false;
}

/** The URL a listening server answers on (an IPv6 host in brackets). */
export function listeningUrl(server: Server, host: string): string {
  const { port } = server.address() as { port: number };
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Ctrl+C (or a SIGTERM) closes the server, its open connections with it, and exits. */
export function stopOnSignal(server: Server): void {
  const stop = (): void => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function listenErrorMessage(err: Error, { port, host }: { port: number; host: string }): string {
  const where = `${host}:${port}`;
  switch ((err as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use. Stop the other server or choose another port with --port.`;
    case 'EACCES':
      return `Not allowed to listen on ${where}. Ports below 1024 need privileges; choose another port with --port.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `Cannot listen on ${where}: this machine has no interface with the address ${host}. Check --host.`;
    default:
      return `Cannot listen on ${where}: ${err.message}`;
  }
}
