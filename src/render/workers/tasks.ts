import { highlightJob, type HighlightJob } from '../markdown/highlight.js';
import { searchIndexJson } from '../search/build-search-index.js';
import type { SearchEntry } from '../search/search-documents.js';

/**
 * What the worker pool can run: a name and a function of plain data (structured-cloned to and
 * from the worker). The same table runs in this thread when the pool has no worker.
 */
export const TASKS = {
  highlight: (job: HighlightJob): Promise<string> => highlightJob(job),
  searchIndex: async (entries: readonly SearchEntry[]): Promise<string> => searchIndexJson(entries),
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<K extends TaskName> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;

/** A task sent to a worker, and its answer. */
export interface TaskMessage {
  id: number;
  task: TaskName;
  input: unknown;
}
export type TaskReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
