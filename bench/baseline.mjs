// The last accepted figures of every workload (bench/baseline.json), shared by run.mjs and
// serve-edit.mjs: each figure is printed with its ratio to the accepted one, and a figure more
// than 20 % over it is marked (SLOWER for a time, BIGGER for a size). `--update-baseline` writes
// this run's figures into the file, replacing only the workloads that ran.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('baseline.json', import.meta.url));
const update = process.argv.includes('--update-baseline');
const read = () => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});

/** The baseline of one script (`run` or `serve-edit`). */
export function baseline(script) {
  const accepted = read()[script] ?? {};
  const current = {};
  const marked = [];
  return {
    /** Records a figure (lower is better) and returns its ratio to the baseline: "1.05×", "1.31× SLOWER" or "new". */
    compare(id, key, value) {
      (current[id] ??= {})[key] = Number(value.toPrecision(3));
      const base = accepted[id]?.[key];
      if (!base) return 'new';
      const ratio = value / base;
      if (ratio <= 1.2) return `${ratio.toFixed(2)}×`;
      const mark = `${ratio.toFixed(2)}× ${/MB|KB/.test(key) ? 'BIGGER' : 'SLOWER'}`;
      marked.push(`${id} ${key} ${mark}`);
      return mark;
    },
    /** Prints what was marked and, with --update-baseline, saves the figures; true when the run should fail. */
    finish() {
      if (marked.length) console.log(`more than 20 % over the baseline (bench/baseline.json):\n  ${marked.join('\n  ')}`);
      if (!update) return marked.length > 0;
      const all = read();
      all[script] = { ...all[script], ...current };
      writeFileSync(file, JSON.stringify(all, null, 2) + '\n');
      console.log(`baseline updated (${script}: ${Object.keys(current).join(', ')})`);
      return false;
    },
  };
}
