import type { Pipeline } from './render-examples.js';

// The spec examples that render otherwise than the specs say, on purpose, each list with its
// reason. The test fails when a listed example passes (take it off) or an unlisted one fails.

export interface Difference {
  reason: string;
  pipelines: readonly Pipeline[];
  /** Example numbers in the CommonMark 0.31.2 spec. */
  commonmark?: readonly number[];
  /** Example numbers in the GFM 0.29 spec. */
  gfm?: readonly number[];
  /** A diagnostic code each listed example reports (what is dropped is said). */
  warns?: string;
}

export const DIFFERENCES: readonly Difference[] = [
  {
    reason:
      'raw HTML is sanitized as GitHub does it (HARDENING.md): unknown elements and attributes, comments, processing instructions and CDATA go, ids get a `user-content-` prefix',
    pipelines: ['md'],
    commonmark: [150, 153, 154, 163, 169, 177, 179, 180, 182, 183, 201, 308, 309, 491, 524, 536, 613, 614, 615, 616, 617, 625, 626, 627, 628, 629],
    gfm: [120, 123, 124, 133, 139, 146, 148, 149, 151, 152, 170, 288, 289, 501, 533, 545, 636, 637, 638, 639, 640, 648, 649, 650, 651, 652, 653],
  },
  {
    reason: 'raw HTML is parsed where it stands: an element it leaves open is closed at the end of its block, not at the end of the page',
    pipelines: ['md'],
    commonmark: [187, 344, 476, 477, 494, 630, 631, 642, 643],
    gfm: [156, 354, 485, 486, 504, 654, 655, 667, 668],
  },
  {
    reason:
      "`<script>`, `<style>`, `<textarea>` and the rest of GFM's tag filter list are dropped with their content and a warning (SD2020), not printed as GFM's tag filter prints them",
    pipelines: ['md'],
    commonmark: [170, 171, 172, 173, 176, 178],
    gfm: [140, 141, 142, 145, 147, 657],
    warns: 'SD2020',
  },
  {
    reason: 'content may link to http, https and mailto only (HARDENING.md): other schemes lose their href',
    pipelines: ['md'],
    commonmark: [596, 598, 599, 601],
    gfm: [605, 607, 608, 610],
  },
  {
    reason: 'a relative link is written as a site route: `/bar\\\\/)` is the route `/bar/)`',
    pipelines: ['md'],
    commonmark: [21],
    gfm: [317],
  },
  {
    reason: "GFM's extended autolinks are on: these examples of text that is no link are written for a parser without them",
    pipelines: ['md'],
    commonmark: [602, 608, 611, 612],
    gfm: [611, 617, 620, 621],
  },
  {
    reason: 'an xmpp: address stays text: content may link to http, https and mailto only (HARDENING.md)',
    pipelines: ['md', 'mdx'],
    gfm: [633, 634, 635],
  },
  {
    reason:
      'not MDX: `<` starts JSX and `{` an expression, so HTML, comments, `<url>` autolinks and a bare `<` or `{` do not compile (mdxjs.com, \\"Differences with Markdown\\")',
    pipelines: ['mdx'],
    commonmark: [
      20, 21, 31, 150, 151, 152, 155, 156, 157, 158, 163, 165, 169, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 187, 195, 201, 308,
      309, 344, 346, 476, 477, 480, 481, 491, 493, 494, 524, 526, 536, 538, 594, 595, 596, 597, 598, 599, 600, 601, 602, 603, 604, 605, 606, 607, 609, 610, 613,
      615, 616, 618, 619, 620, 621, 622, 623, 624, 625, 626, 627, 628, 629, 630, 631, 632, 642, 643,
    ],
    gfm: [
      120, 121, 122, 125, 126, 127, 128, 133, 135, 139, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 156, 164, 170, 288, 289, 316, 317, 327,
      354, 356, 485, 486, 489, 490, 501, 503, 504, 533, 535, 545, 547, 603, 604, 605, 606, 607, 608, 609, 610, 611, 612, 613, 614, 615, 616, 618, 619, 628, 636,
      638, 639, 641, 642, 643, 644, 645, 646, 647, 648, 649, 650, 651, 652, 653, 654, 655, 656, 657, 667, 668,
    ],
  },
  {
    reason: 'HTML in MDX is JSX: the markdown inside it is parsed, and there are no HTML blocks (mdxjs.com)',
    pipelines: ['mdx'],
    commonmark: [91, 110, 148, 149, 159, 160, 161, 162, 164, 166, 168, 170, 185, 186, 189, 190, 191, 614],
    gfm: [61, 80, 118, 119, 129, 130, 131, 132, 134, 136, 138, 140, 154, 155, 158, 159, 160, 637],
  },
  {
    reason: 'MDX has no indented code: indentation neither makes code nor ends a list item, fence or heading (mdxjs.com)',
    pipelines: ['mdx'],
    commonmark: [
      1, 2, 3, 5, 6, 7, 8, 18, 36, 48, 49, 69, 70, 85, 87, 100, 107, 111, 112, 114, 115, 116, 117, 118, 134, 137, 211, 225, 231, 236, 238, 252, 253, 254, 257,
      264, 270, 271, 272, 273, 274, 278, 286, 287, 288, 289, 290, 312, 313,
    ],
    gfm: [
      1, 2, 3, 5, 6, 7, 8, 18, 19, 39, 40, 55, 57, 70, 77, 81, 82, 84, 85, 86, 87, 88, 104, 107, 180, 195, 209, 214, 216, 230, 231, 232, 235, 242, 248, 249,
      250, 251, 252, 256, 264, 265, 266, 267, 268, 292, 293, 314, 332,
    ],
  },
  {
    reason: "GFM's extended autolinks are on: these examples of text that is no link are written for a parser without them",
    pipelines: ['mdx'],
    commonmark: [608, 611, 612],
    gfm: [617, 620, 621],
  },
];
