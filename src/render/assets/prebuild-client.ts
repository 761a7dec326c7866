// Run by scripts/build-lib.mjs once lib/ is in place: builds React for the browser and the client
// bundle of sites without islands into lib/client, where builds read them instead of running
// esbuild.
import { prebuildBrowserReact } from './browser-react.js';
import { prebuildClient } from './bundle-client.js';

await prebuildBrowserReact();
await prebuildClient();
