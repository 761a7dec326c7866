// The contract between the build and the service worker of `offline`: what the build writes before
// the worker's code in sw.js (render/assets/offline-worker.ts), read by client/offline/worker.ts.

/** The worker's settings, `SHIPDOCS_OFFLINE` in sw.js. */
export interface WorkerSettings {
  /** false: the worker removes itself (the site turned `offline` off). */
  enabled: boolean;
  /** The site's baseUrl ("/" or "/docs-site/"): the worker's scope and its caches' namespace. */
  base: string;
  /** Named after the shell's files: a new build's shell is a new version. */
  version: string;
  /** URLs (with the base) fetched when the worker installs: styles, scripts, search index, offline page. */
  precache: string[];
  /** URL of the offline page, shown for pages that were not kept. */
  offlinePage: string;
}
