import { parentPort, workerData } from 'node:worker_threads';
import { makeFolders, surveyTree, writeOne, type Ready, type WriteJob, type WriteReply } from './parallel-writes.js';

// Writes its share of an output tree (paths already checked by the build), or prepares an output
// folder: surveys a recycled one at once, then makes the folders it is sent (parents first).
const data = workerData as { jobs: WriteJob[]; made: string[] } | { recycled?: string };
const fail = (err: unknown): WriteReply => {
  const e = err as NodeJS.ErrnoException;
  return { ok: false, message: e.message, code: e.code };
};
if ('jobs' in data) {
  let reply: WriteReply = { ok: true };
  try {
    const made = new Set(data.made);
    for (const job of data.jobs) writeOne(job, made);
  } catch (err) {
    reply = fail(err);
  }
  parentPort!.postMessage(reply);
} else {
  let surveyed: Ready | Error;
  try {
    surveyed = data.recycled ? surveyTree(data.recycled) : { made: new Set<string>(), files: new Set<string>() };
  } catch (err) {
    surveyed = err as Error;
  }
  parentPort!.once('message', ({ folders }: { folders: string[] }) => {
    let reply: WriteReply;
    try {
      if (surveyed instanceof Error) throw surveyed;
      makeFolders(folders, surveyed);
      reply = { ok: true, ready: surveyed };
    } catch (err) {
      reply = fail(err);
    }
    parentPort!.postMessage(reply);
    parentPort!.close();
  });
}
