/**
 * The option a key moves to in a list of `count` options, from `current` (-1: none yet).
 * Arrows wrap around; Home and End jump. Undefined: the key does not move.
 */
export function listboxMove(key: string, current: number, count: number): number | undefined {
  if (count <= 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return undefined;
  }
}
