// Run by scripts/build-lib.mjs once lib/ is in place: builds the client bundle of sites without
// islands into lib/client, where builds read it instead of running esbuild.
import { prebuildClient } from './bundle-client.js';

await prebuildClient();
