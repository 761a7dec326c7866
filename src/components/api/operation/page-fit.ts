import type { ApiModel, ApiOperation, ApiTag } from '../../../shared/api-model.js';
import type { SiteView } from '../../site-view.js';
import { tagListHtml } from '../layout/ApiSidebar.js';
import { SCHEMA_BUDGET, type TreeBudget } from '../schema/plan-schema-view.js';

// An operation's page holds at most OPERATION_PAGE_BYTES of HTML, unless it shows its schemas whole.
// On a large API the page's own tag's operations in the sidebar (up to TAG_LIST_IN_PAGE), its schema
// trees (up to SCHEMA_BUDGET.chars) and its examples add up past it (Microsoft Graph: 2,148 pages
// over, up to 158 KB). A page found over it is drawn again: with its tag's operations left to the
// sidebar's shared file (loaded when the sidebar is shown, as for a tag too large for any page:
// navigation gives way before content) and, if that is not enough and its trees were already cut by
// their budget (the schemas too large to show whole anyway), with smaller trees, cut by what the
// page is still over. A page whose schemas are drawn whole keeps them (the default site's POST
// /shipment: 147 KB). The budget holds exactly because it is measured on the page drawn; most pages
// over it are drawn twice, a few more times (Microsoft Graph: 2,148 of 22,361 pages drawn again,
// renderRoutes 47 s → 55 s).

/** The most bytes of HTML an operation's page holds, unless it shows its schemas whole. */
export const OPERATION_PAGE_BYTES = 100_000;

/** How an operation's page is drawn: as first planned, or smaller to fit OPERATION_PAGE_BYTES. */
export interface PageFit {
  /** The sidebar leaves its own tag's operations to the tag's shared file. */
  ownTagShared: boolean;
  /** The schema trees' budget, and what they drew. */
  trees: TreeBudget;
}

/** Drawings of a page at most: each one only for a page still over. */
const ROUNDS = 6;
/** A tree budget's cut goes this much past what the page is over: the trees stop a row past their budget. */
const SLACK = 1_000;

export interface FitOptions {
  /** The bytes of a drawn page (UTF-8). */
  bytes: (html: string) => number;
  /** The markup of the page's own tag's operations, which it can leave to the tag's shared file; 0 where it cannot (asked only of a page over). */
  ownTagList: () => number;
}

/**
 * Draws an operation's page within OPERATION_PAGE_BYTES (`render` draws it as `fit` says). A page
 * that cannot fit (its trees whole, or cut to their roots) is the smallest one drawn.
 */
export function fitOperationPage(render: (fit: PageFit) => string, { bytes, ownTagList }: FitOptions): string {
  const fit: PageFit = { ownTagShared: false, trees: { chars: SCHEMA_BUDGET.chars, drawn: 0, cut: false } };
  let html = render(fit);
  let size = bytes(html);
  // The trees' budget is an estimate of their markup: how many bytes of page a character of it
  // makes is learnt from each cut (1 until then; markup with long descriptions makes fewer).
  let perChar = 1;
  for (let round = 1; round < ROUNDS && size > OPERATION_PAGE_BYTES; round++) {
    const before = { size, drawn: fit.trees.drawn };
    const list = fit.ownTagShared ? 0 : ownTagList();
    if (list > 0) fit.ownTagShared = true;
    const excess = size - OPERATION_PAGE_BYTES - list;
    const cutTrees = excess > 0 && fit.trees.cut && fit.trees.drawn > 0;
    if (cutTrees) {
      // From what they drew, or the budget they drew it under (the trees stop a row past it).
      const chars = Math.floor(Math.min(fit.trees.drawn, fit.trees.chars) - (excess + SLACK) / perChar);
      fit.trees = { chars: Math.max(0, chars), drawn: 0, cut: false };
    } else if (!list) break;
    html = render(fit);
    size = bytes(html);
    const treesGave = before.size - list - size;
    if (cutTrees && treesGave > 0 && fit.trees.drawn < before.drawn) perChar = Math.max(0.25, treesGave / (before.drawn - fit.trees.drawn));
  }
  return html;
}

/** The tag an operation is listed under (its first, or the untagged operations' one). */
export const operationTag = (api: ApiModel, op: ApiOperation): ApiTag | undefined =>
  api.tags.find((t) => (op.tag === undefined ? t.untagged : t.name === op.tag));

/** What an operation's page saves by leaving its tag's operations to the tag's shared file: their markup, or 0 where it cannot. */
export function ownTagListSaving(site: SiteView, api: ApiModel, op: ApiOperation): number {
  const files = site.apis.find((a) => a.basePath === api.basePath)?.sidebar;
  const tag = operationTag(api, op);
  if (!files || !tag || files.own.has(tag.anchor)) return 0;
  return tagListHtml(site, api, tag).length;
}
