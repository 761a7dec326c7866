// Interleaved A/B of cold builds: this checkout against another one (a git worktree of an older
// commit, with its own `npm ci`), workload by workload, alternating the two so that a machine's
// drift hits both alike. Prints each side's times and medians.
// Usage: node bench/compare.mjs <other-checkout> [runs] [--out <folder>] [--only <id>]
//   The workloads are those `npm run bench` generated under bench/.work (run it once first).
//   --out puts the outputs elsewhere (a tmpfs such as /dev/shm, to leave the disk out of it).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const outRoot = flag('--out') ?? join(repo, 'bench/.work/compare');
const only = flag('--only');
const [other, runs = '3'] = args;
if (!other || !existsSync(join(other, 'bin/shipdocs.js'))) {
  console.error('usage: node bench/compare.mjs <other-checkout> [runs] [--out <folder>] [--only <id>]');
  process.exit(2);
}
const work = join(repo, 'bench/.work');
const workloads = [
  ['default', repo],
  ['docs-1000', join(work, 'docs-1000')],
  ['github-api', join(work, 'github-api')],
  ['blog-4000', join(work, 'blog-4000')],
].filter(([id, root]) => (!only || id === only) && existsSync(root));

function build(checkout, side, id, root) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [join(checkout, 'bin/shipdocs.js'), 'build', '--root', root, '--out', join(outRoot, `${id}-${side}`), '--no-cache'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${side} build of ${id} failed:\n${r.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const [id, root] of workloads) {
  const times = { this: [], other: [] };
  for (let i = 0; i < Number(runs); i++) {
    // The default site is each checkout's own (its config may use keys the other does not know).
    times.other.push(build(resolve(other), 'other', id, id === 'default' ? resolve(other) : root));
    times.this.push(build(repo, 'this', id, root));
  }
  const a = median(times.other);
  const b = median(times.this);
  rows.push({
    workload: id,
    other: a.toFixed(2),
    this: b.toFixed(2),
    change: `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(0)} %`,
    runs: times.this.map((t) => t.toFixed(2)).join(' '),
  });
}
console.table(rows);
