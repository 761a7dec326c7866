import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for builds that several test files share (see sharedDefaultSite), gone after the run. */
    sharedBuilds: string;
  }
}

// Several browser and output tests only read the default site's output: they share one build made
// by the first of them (test/browser/browser.ts), which saves a CLI build per file.
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'shipdocs-shared-'));
  project.provide('sharedBuilds', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
