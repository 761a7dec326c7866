import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { compiledLib } from '../assets/package-root.js';
import { TASKS, type TaskMessage, type TaskName, type TaskInput, type TaskOutput, type TaskReply } from './tasks.js';

// The build's one worker pool. CPU-heavy tasks (highlighting code) run in worker threads while the
// build's own thread goes on parsing; the pool is sized once per build by one rule.

/** Pages per worker thread, and the most threads a build starts (as Docusaurus sizes its pool). */
const PAGES_PER_WORKER = 100;
const MAX_WORKERS = 8;

/**
 * Worker threads for a site of `pages` pages: one per 100 pages, at least one, and at most one
 * less than the cores (the build's own thread keeps one) and 8. `SHIPDOCS_WORKERS` sets the
 * number; 0 runs every task in the build's own thread.
 */
export function poolSize(pages: number, cores = availableParallelism(), env = process.env.SHIPDOCS_WORKERS): number {
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  return Math.max(0, Math.min(Math.max(Math.ceil(pages / PAGES_PER_WORKER), 1), cores - 1, MAX_WORKERS));
}

export interface WorkerPool {
  /**
   * Runs a task; tasks with the same `affinity` (a code block's language) go to the same worker,
   * so what it loads for them (a grammar) is loaded once.
   */
  run<K extends TaskName>(task: K, input: TaskInput<K>, affinity?: string): Promise<TaskOutput<K>>;
  /** Stops the workers. */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  /** Affinity keys given to this worker. */
  keys: number;
}

/** The compiled worker (lib/worker.js), when this code runs from lib/. */
function compiledWorker(): string | undefined {
  const lib = compiledLib();
  return lib === undefined ? undefined : join(lib, 'worker.js');
}

/**
 * A pool of `size` worker threads running `file` (a compiled worker.ts), started as tasks need them.
 * Without workers (size 0, or the sources run by the tests with no worker given), tasks run in this thread.
 */
export function createPool(size: number, file = compiledWorker()): WorkerPool {
  if (size === 0 || file === undefined || !existsSync(file)) {
    return { run: (task, input) => (TASKS[task] as (input: unknown) => Promise<TaskOutput<typeof task>>)(input), close: () => Promise.resolve() };
  }
  const threads: Thread[] = [];
  const byKey = new Map<string, Thread>();
  const pending = new Map<number, { resolve: (value: never) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let failed: Error | undefined;

  const start = (): Thread => {
    const thread: Thread = { worker: new Worker(file), keys: 0 };
    thread.worker.on('message', (reply: TaskReply) => {
      const task = pending.get(reply.id)!;
      pending.delete(reply.id);
      if (reply.ok) task.resolve(reply.value as never);
      else task.reject(new Error(`a worker task failed: ${reply.error}`));
    });
    // A worker that dies fails what it was given and every later task.
    thread.worker.on('error', (err) => {
      failed = err;
      for (const task of pending.values()) task.reject(err);
      pending.clear();
    });
    threads.push(thread);
    return thread;
  };
  const threadFor = (key: string | undefined): Thread => {
    if (key === undefined) return threads.length < size ? start() : threads[nextId % threads.length]!;
    let thread = byKey.get(key);
    if (!thread) {
      thread = threads.length < size ? start() : threads.reduce((a, b) => (b.keys < a.keys ? b : a));
      thread.keys++;
      byKey.set(key, thread);
    }
    return thread;
  };

  return {
    run(task, input, affinity) {
      if (failed) return Promise.reject(failed);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const message: TaskMessage = { id, task, input };
        threadFor(affinity).worker.postMessage(message);
      });
    },
    async close() {
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()));
    },
  };
}
