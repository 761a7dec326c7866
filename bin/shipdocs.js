#!/usr/bin/env node
// Thin launcher: the CLI is compiled from src/ into lib/ by `npm install` (the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// Less inlining by the optimizing compiler (V8's defaults: 460 and 920 bytes of bytecode). A build
// is a few seconds of code warming up, and the compiler's threads spent more than a core's worth
// of it on huge inlined functions (React's renderer, page components) recompiled after each
// deoptimization: measured 8-12% less CPU and 0.2-0.3 s faster on each benchmark. The flags are
// the process's, so worker threads have them too.
setFlagsFromString('--max-inlined-bytecode-size=200');
setFlagsFromString('--max-inlined-bytecode-size-cumulative=300');

// React's production build: the development one validates every element and is several times slower.
process.env.NODE_ENV ??= 'production';

const entry = new URL('../lib/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('shipdocs: lib/cli.js is missing. Run `npm install` (or `npm run build:lib`) in the shipdocs folder first.\n');
  process.exit(2);
}
await import(entry.href);
