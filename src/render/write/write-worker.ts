import { parentPort, workerData } from 'node:worker_threads';
import { makeFolders, surveyTree, writeOne, type WriteJob, type WriteReply } from './parallel-writes.js';

// Writes its share of an output tree (paths already checked by the build), or makes the output's
// folders ahead of the writing (parents first), surveying a recycled output folder first.
const data = workerData as { jobs: WriteJob[]; made: string[] } | { folders: string[]; recycled?: string };
let reply: WriteReply = { ok: true };
try {
  if ('folders' in data) {
    const ready = data.recycled ? surveyTree(data.recycled) : { made: new Set<string>(), files: new Set<string>() };
    makeFolders(data.folders, ready);
    reply = { ok: true, ready };
  } else {
    const made = new Set(data.made);
    for (const job of data.jobs) writeOne(job, made);
  }
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  reply = { ok: false, message: e.message, code: e.code };
}
parentPort!.postMessage(reply);
