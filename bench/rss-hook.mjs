// Preloaded by the benchmark (`node --import`): writes the process's peak resident memory (KB) on exit.
import { writeFileSync } from 'node:fs';

const file = process.env.SHIPDOCS_BENCH_RSS;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
