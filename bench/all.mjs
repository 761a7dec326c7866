// `npm run bench`: run.mjs, then serve-edit.mjs, each given the same arguments (`--only id`,
// `--update-baseline`); fails when either failed (a budget not met, a figure marked against the baseline).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

let failed = false;
for (const script of ['run.mjs', 'serve-edit.mjs']) {
  const r = spawnSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...process.argv.slice(2)], { stdio: 'inherit' });
  failed ||= r.status !== 0;
}
process.exitCode = failed ? 1 : 0;
