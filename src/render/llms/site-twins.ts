import type { OutputFile } from '../../shared/model.js';
import type { SiteIndex } from '../../shared/site-index.js';
import { twinPath } from '../../shared/twin-path.js';
import { llmsFiles } from './llms-txt.js';

// The site's Markdown for assistants, from the site index: a twin of every page (docs of every
// version, pages, blog posts, API pages), and llms.txt with llms-full.txt over the current ones.

/** `url` makes a site path absolute (origin and base path). */
export function siteTwins(index: SiteIndex, url: (path: string) => string): OutputFile[] {
  return [
    ...[...index.sections.flatMap((s) => s.pages), ...index.versioned].map((p) => ({ path: twinPath(p.route), contents: p.markdown })),
    ...llmsFiles(index, url),
  ];
}
