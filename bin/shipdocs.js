#!/usr/bin/env node
// Thin launcher: the CLI is compiled from src/ into lib/, which the package carries; in a clone of
// the repository `npm install` builds it (the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// React's production build: the development one validates every element and is several times slower.
process.env.NODE_ENV ??= 'production';

const entry = new URL('../lib/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('shipdocs: lib/cli.js is missing. In a clone of the shipdocs repository, run `npm install` (or `npm run build:lib`) first.\n');
  process.exit(2);
}
await import(entry.href);
