import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { REPO } from './fixtures.js';

// A server command of the CLI (`shipdocs serve`, `mock`, `proxy`) as a user runs it: the real
// binary, started and read until it says where it listens.

export interface StartedServer {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far. */
  log: () => string;
}

/** Runs `shipdocs <command> …args` (this repository's, or the one at `bin`) and resolves once it printed `<word>  http://127.0.0.1:<port>[/path]  `. */
export function startServerCommand(command: string, args: string[], word: string, bin = join(REPO, 'bin/shipdocs.js')): Promise<StartedServer> {
  let log = '';
  const child = spawn(process.execPath, [bin, command, ...args], { env: { ...process.env, NO_COLOR: '1' } });
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  const ready = new RegExp(`${word} {2}http://127\\.0\\.0\\.1:(\\d+)\\S* {2}`);
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${command} did not start: ${log}`)), 30_000);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${log}`)));
    const check = (): void => {
      const m = ready.exec(log);
      if (m) {
        clearTimeout(t);
        resolve({ child, port: Number(m[1]), log: () => log });
      } else setTimeout(check, 50);
    };
    check();
  });
}

/** A port free on 127.0.0.1 now, for a server a test starts on a port it must know before (a document's server URL). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
