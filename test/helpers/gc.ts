import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Tests that measure time or memory start each measure from a collected heap, so none is charged
// for collecting what the tests before it left behind (test files share a worker: isolate is off).
setFlagsFromString('--expose-gc');

/** A full garbage collection, now. */
export const collectGarbage = runInNewContext('gc') as () => void;
