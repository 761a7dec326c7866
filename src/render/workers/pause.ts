/** Synchronous work allowed between two turns of the event loop, in milliseconds. */
const SLICE_MS = 50;

let lastTurn = performance.now();
/** The turn every caller over the slice waits for. */
let nextTurn: Promise<void> | undefined;
/** Whether a caller has gone on since the last turn: the others wait for the next one. */
let taken = false;

/**
 * Lets the event loop turn once SLICE_MS of work has gone by since the last turn it gave: long
 * stages call it between units of work (an operation, a page) because a signal handler (Ctrl+C,
 * SIGTERM in cli/run-build.ts) runs only between turns, and a turn per unit would cost more than the
 * work on small units. One waiting caller goes on per turn: work running side by side (mapLimit's
 * 32 lanes) would otherwise take a slice each in the same turn.
 */
export async function pause(): Promise<void> {
  if (performance.now() - lastTurn < SLICE_MS) return;
  do {
    // Two immediates: work resumed by I/O runs in the loop's poll phase, and one immediate would run
    // before the next poll, where a signal is read.
    nextTurn ??= new Promise<void>((resolve) =>
      setImmediate(() =>
        setImmediate(() => {
          nextTurn = undefined;
          lastTurn = performance.now();
          taken = false;
          resolve();
        }),
      ),
    );
    await nextTurn;
  } while (taken);
  taken = true;
}
