/** Where a scrolled box and one of its items are, in the box's content coordinates. */
export interface ScrollBox {
  /** The box's current scrollTop. */
  scrollTop: number;
  /** Its visible height (clientHeight). */
  viewHeight: number;
  /** The item's top, from the top of the box's content. */
  itemTop: number;
  itemHeight: number;
  /** Room to leave between the item and the box's edge when it has to move. */
  margin?: number;
}

/**
 * The scrollTop that brings the item into view with the least movement (like scrollIntoView with
 * block 'nearest', for this box only): unchanged when it is already visible.
 */
export function nearestScrollTop({ scrollTop, viewHeight, itemTop, itemHeight, margin = 0 }: ScrollBox): number {
  if (viewHeight <= 0) return scrollTop;
  const top = itemTop - margin;
  const bottom = itemTop + itemHeight + margin;
  if (top >= scrollTop && bottom <= scrollTop + viewHeight) return scrollTop;
  // Taller than the box, or above it: its top at the top. Below it: its bottom at the bottom.
  if (top < scrollTop || bottom - top > viewHeight) return Math.max(0, top);
  return Math.max(0, bottom - viewHeight);
}

/** Two sidebars are the same when they link to the same pages, in the same order, with the same categories. */
export function sidebarSignature(hrefs: readonly string[], categories: readonly string[]): string {
  return `${hrefs.join('\n')}\n--\n${categories.join('\n')}`;
}
