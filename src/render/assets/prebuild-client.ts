// Run by scripts/build-lib.mjs once lib/ is in place: builds React for the browser, the client
// bundle of sites without islands and the offline service worker into lib/client, where builds
// read them instead of running esbuild.
import { prebuildBrowserReact } from './browser-react.js';
import { prebuildClient } from './bundle-client.js';
import { prebuildOfflineWorker } from './offline-worker.js';

await prebuildBrowserReact();
await prebuildClient();
await prebuildOfflineWorker();
