import type { ApiModel, ApiOperation, ApiTag } from '../../../shared/api-model.js';
import type { SiteView } from '../../site-view.js';
import { sidebarFilesOf, tagListHtml } from '../layout/ApiSidebar.js';
import { SCHEMA_BUDGET, type TreeBudget } from '../schema/plan-schema-view.js';

// An operation's page holds at most OPERATION_PAGE_CHARS of HTML, unless it shows its schemas whole.
// On a large API the page's own tag's operations in the sidebar (up to TAG_LIST_IN_PAGE), its schema
// trees (up to SCHEMA_BUDGET.chars) and its examples add up past it (Microsoft Graph: 2,148 pages
// over, up to 158 KB). A page found over it is drawn again: with its tag's operations left to the
// sidebar's shared file (loaded when the sidebar is shown, as for a tag too large for any page:
// navigation gives way before content) and, if that is not enough and its trees were already cut by
// their budget (the schemas too large to show whole anyway), with smaller trees, cut by what the
// page is still over. A page whose schemas are drawn whole keeps them (the default site's POST
// /shipment: 147 KB), and its sidebar unless that alone brings it under. The budget holds exactly
// because it is measured on the page drawn; a page over it is drawn again once, or a few times
// while its trees' cut is learnt (Microsoft Graph: renderRoutes 47 → 55 s).

/**
 * The most HTML an operation's page holds, unless it shows its schemas whole: characters, as the
 * sidebar's and the trees' limits, about bytes (the markup is ASCII, and most text: GitHub's pages
 * have at most 107 bytes more than characters). Counting bytes took 8 s of Microsoft Graph's build.
 */
export const OPERATION_PAGE_CHARS = 100_000;

/** How an operation's page is drawn: as first planned, or smaller to fit OPERATION_PAGE_CHARS. */
export interface PageFit {
  /** The sidebar leaves its own tag's operations to the tag's shared file. */
  ownTagShared: boolean;
  /** The schema trees' budget, and what they drew. */
  trees: TreeBudget;
}

/** Drawings of a page at most: each one only for a page still over. */
const ROUNDS = 6;
/** A cut's margin: the trees stop a row past their budget, and the tag's list leaves the page's own row. */
const SLACK = 1_000;

/**
 * Draws an operation's page within OPERATION_PAGE_CHARS (`render` draws it as `fit` says;
 * `ownTagList` is the markup of the page's own tag's operations, which it can leave to the tag's
 * shared file, 0 where it cannot, asked only of a page over). A page whose trees are whole and
 * that its tag's list alone cannot bring under is drawn once, as planned; a page that its trees
 * cut to their roots still leave over is the smallest drawn.
 */
export function fitOperationPage(render: (fit: PageFit) => string, ownTagList: () => number): string {
  const fit: PageFit = { ownTagShared: false, trees: { chars: SCHEMA_BUDGET.chars, drawn: 0, cut: false } };
  let html = render(fit);
  let size = html.length;
  // The trees' budget is an estimate of their markup: how much page a character of it makes is
  // learnt from each cut (1 until then; markup with long descriptions makes less).
  let perChar = 1;
  for (let round = 1; round < ROUNDS && size > OPERATION_PAGE_CHARS; round++) {
    const before = { size, drawn: fit.trees.drawn };
    // What leaving the tag's list saves: its markup less the page's own row, which stays (SLACK covers it).
    const list = fit.ownTagShared ? 0 : ownTagList();
    const listSaving = list && list - SLACK;
    const excess = size - OPERATION_PAGE_CHARS - listSaving;
    // Trees the budget cut, not yet to their roots (a budget of 0).
    const cutTrees = excess > 0 && fit.trees.cut && fit.trees.chars > 0;
    // Drawn again only when that brings it under: a page whose trees are whole keeps its sidebar too.
    if (!cutTrees && (excess > 0 || !list)) break;
    if (list) fit.ownTagShared = true;
    if (cutTrees) {
      // From what they drew, or the budget they drew it under (the trees stop a row past it).
      const chars = Math.floor(Math.min(fit.trees.drawn, fit.trees.chars) - (excess + SLACK) / perChar);
      fit.trees = { chars: Math.max(0, chars), drawn: 0, cut: false };
    }
    html = render(fit);
    size = html.length;
    const treesGave = before.size - listSaving - size;
    if (cutTrees && treesGave > 0 && fit.trees.drawn < before.drawn) perChar = Math.max(0.25, treesGave / (before.drawn - fit.trees.drawn));
  }
  return html;
}

/** The tag an operation is listed under (its first, or the untagged operations' one). */
export const operationTag = (api: ApiModel, op: ApiOperation): ApiTag | undefined =>
  api.tags.find((t) => (op.tag === undefined ? t.untagged : t.name === op.tag));

/** What an operation's page saves by leaving its tag's operations to the tag's shared file: their markup, or 0 where it cannot. */
export function ownTagListSaving(site: SiteView, api: ApiModel, op: ApiOperation): number {
  const files = sidebarFilesOf(site, api);
  const tag = operationTag(api, op);
  if (!files || !tag || files.own.has(tag.anchor)) return 0;
  return tagListHtml(site, api, tag).length;
}
