#!/usr/bin/env node
// Thin launcher: the CLI is compiled from src/ into lib/ by `npm install` (the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// React's production build: the development one validates every element and is several times slower.
process.env.NODE_ENV ??= 'production';

const entry = new URL('../lib/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('shipdocs: lib/cli.js is missing. Run `npm install` (or `npm run build:lib`) in the shipdocs folder first.\n');
  process.exit(2);
}
await import(entry.href);
