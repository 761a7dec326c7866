// The route-loading progress bar's arithmetic, after nprogress: the bar starts at `minimum`,
// trickles forward while the page loads (smaller steps as it nears the end, never reaching it)
// and jumps to 1 when done.

export interface ProgressSettings {
  /** Where the bar starts. */
  minimum: number;
  /** Duration of each move, in ms (CSS transition). */
  speed: number;
  /** Largest automatic step. */
  trickleRate: number;
  /** Time between automatic steps, in ms. */
  trickleSpeed: number;
  /** The bar shows only when loading takes longer than this, in ms. */
  delay: number;
}

/** The spec's constants: 200 ms delay, minimum 0.08, speed 200 ms, trickle 0.02 every 800 ms. */
export const PROGRESS_DEFAULTS: ProgressSettings = { minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, delay: 200 };

/** Never quite full until the page is there. */
export const PROGRESS_CEILING = 0.994;

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** Start value. */
export function startProgress(settings: ProgressSettings = PROGRESS_DEFAULTS): number {
  return settings.minimum;
}

/** One automatic step: the trickle rate, tapering near the end. */
export function trickleStep(n: number, settings: ProgressSettings = PROGRESS_DEFAULTS): number {
  if (n >= 1) return n;
  let amount: number;
  if (n < 0.2) amount = settings.trickleRate * 2.5;
  else if (n < 0.5) amount = settings.trickleRate;
  else if (n < 0.8) amount = settings.trickleRate / 2;
  else if (n < 0.99) amount = settings.trickleRate / 8;
  else amount = 0;
  return clamp(n + amount, settings.minimum, PROGRESS_CEILING);
}

/** The value after `elapsed` ms of trickling from the start. */
export function progressAfter(elapsed: number, settings: ProgressSettings = PROGRESS_DEFAULTS): number {
  let n = startProgress(settings);
  for (let t = settings.trickleSpeed; t <= elapsed; t += settings.trickleSpeed) n = trickleStep(n, settings);
  return n;
}

/** CSS transform for a value. */
export function barTransform(n: number): string {
  return `scaleX(${clamp(n, 0, 1).toFixed(3)})`;
}
