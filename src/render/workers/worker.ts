import { parentPort } from 'node:worker_threads';
import { TASKS, type TaskMessage, type TaskReply } from './tasks.js';

// A thread of the worker pool: runs each task it is sent and answers with its result. Tasks run
// one after another, in the order they come (a grammar a task loads stays loaded for the next).
const port = parentPort!;
let queue: Promise<void> = Promise.resolve();

port.on('message', ({ id, task, input }: TaskMessage) => {
  queue = queue.then(async () => {
    let reply: TaskReply;
    try {
      reply = { id, ok: true, value: await (TASKS[task] as (input: unknown) => Promise<unknown>)(input) };
    } catch (err) {
      reply = { id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    }
    port.postMessage(reply);
  });
});
