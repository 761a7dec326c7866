import { barTransform, PROGRESS_DEFAULTS, startProgress, trickleStep, type ProgressSettings } from './progress.js';

export interface ProgressBar {
  start(): void;
  done(): void;
}

/** Drives the `.progress-bar` element: visible only for loads slower than the delay (200 ms). */
export function createProgressBar(el: HTMLElement | null, settings: ProgressSettings = PROGRESS_DEFAULTS): ProgressBar {
  let value = 0;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let trickleTimer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let shown = false;
  const paint = (): void => {
    if (!el) return;
    el.style.transition = `transform ${settings.speed}ms ease, opacity ${settings.speed}ms linear`;
    el.style.transform = barTransform(value);
  };
  const stop = (): void => {
    clearTimeout(showTimer);
    clearInterval(trickleTimer);
    clearTimeout(hideTimer);
  };
  return {
    start() {
      stop();
      value = startProgress(settings);
      showTimer = setTimeout(() => {
        shown = true;
        el?.classList.add('progress-bar--active');
        paint();
        trickleTimer = setInterval(() => {
          value = trickleStep(value, settings);
          paint();
        }, settings.trickleSpeed);
      }, settings.delay);
    },
    done() {
      stop();
      if (!shown || !el) return;
      shown = false;
      value = 1;
      paint();
      hideTimer = setTimeout(() => {
        el.classList.remove('progress-bar--active');
        hideTimer = setTimeout(() => {
          value = 0;
          el.style.transition = 'none';
          el.style.transform = barTransform(0);
        }, settings.speed);
      }, settings.speed);
    },
  };
}
