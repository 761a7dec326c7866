/**
 * Index of the heading the reader is in: the last one whose top is above `offset` (the navbar plus a
 * margin); the last one when the page is scrolled to its end; -1 before the first.
 * `tops` are viewport positions in document order.
 */
export function activeHeadingIndex(tops: readonly number[], offset: number, atBottom = false): number {
  if (tops.length === 0) return -1;
  if (atBottom) return tops.length - 1;
  let active = -1;
  for (let i = 0; i < tops.length; i++) {
    if (tops[i]! <= offset) active = i;
    else break;
  }
  return active;
}
