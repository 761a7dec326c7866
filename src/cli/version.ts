import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../render/assets/package-root.js';

export const VERSION: string = (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
