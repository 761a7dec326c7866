import { copyFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { WriteJob, WriteReply } from './parallel-writes.js';

// Writes its share of an output tree (folders already made, paths already checked by the build).
const { jobs } = workerData as { jobs: WriteJob[] };
let reply: WriteReply = { ok: true };
try {
  for (const job of jobs) {
    if (job.copyFrom !== undefined) copyFileSync(job.copyFrom, job.target);
    else writeFileSync(job.target, job.contents!);
  }
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  reply = { ok: false, message: e.message, code: e.code };
}
parentPort!.postMessage(reply);
