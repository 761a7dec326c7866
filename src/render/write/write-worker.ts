import { parentPort, workerData } from 'node:worker_threads';
import { writeOne, type WriteJob, type WriteReply } from './parallel-writes.js';

// Writes its share of an output tree (paths already checked by the build).
const { jobs } = workerData as { jobs: WriteJob[] };
let reply: WriteReply = { ok: true };
try {
  const made = new Set<string>();
  for (const job of jobs) writeOne(job, made);
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  reply = { ok: false, message: e.message, code: e.code };
}
parentPort!.postMessage(reply);
