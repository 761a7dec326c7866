import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { writeOne, type WriteJob, type WriteReply } from './parallel-writes.js';

// Writes its share of an output tree (paths already checked by the build), or makes the output's
// folders ahead of the writing (parents first).
const data = workerData as { jobs: WriteJob[]; made: string[] } | { folders: string[] };
let reply: WriteReply = { ok: true };
try {
  if ('folders' in data) {
    for (const folder of data.folders) {
      try {
        mkdirSync(folder);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
  } else {
    const made = new Set(data.made);
    for (const job of data.jobs) writeOne(job, made);
  }
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  reply = { ok: false, message: e.message, code: e.code };
}
parentPort!.postMessage(reply);
