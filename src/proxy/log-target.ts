// What a log line shows of a proxied request's target: its origin and path, never its query (where
// API keys and signatures travel), and never headers or the body. A request without a usable target
// shows "-".

/** Longer targets are cut: one log line stays one line of a terminal's scrollback. */
const MAX_TARGET = 300;

export function logTarget(url: URL | undefined): string {
  if (!url) return '-';
  const target = url.origin + url.pathname;
  return target.length > MAX_TARGET ? `${target.slice(0, MAX_TARGET - 1)}…` : target;
}
