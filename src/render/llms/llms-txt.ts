import type { OutputFile, WholeFile } from '../../shared/model.js';
import type { SiteIndex } from '../../shared/site-index.js';
import { twinPath } from '../../shared/twin-path.js';

// llms.txt (https://llmstxt.org): the site's title as an H1, its summary as a blockquote, then a
// section per part of the site listing its pages as links to their Markdown twins, each with its
// description. llms-full.txt: every page's Markdown, in the same order.

/** llms.txt of the index; `url` makes a site path absolute (origin and base path). */
export function llmsTxt(index: Pick<SiteIndex, 'title' | 'tagline' | 'sections'>, url: (path: string) => string): string {
  return [
    `# ${index.title}`,
    '',
    ...(index.tagline ? [`> ${index.tagline}`, ''] : []),
    ...index.sections
      .filter((s) => s.pages.length)
      .flatMap((s) => [
        `## ${s.name}`,
        '',
        ...s.pages.map(
          (p) => `- [${p.title.replace(/[[\]]/g, '\\$&')}](${url(`/${twinPath(p.route)}`)})${p.description ? `: ${p.description.replace(/\s+/g, ' ')}` : ''}`,
        ),
        '',
      ]),
  ].join('\n');
}

/** llms.txt and llms-full.txt; the second in parts, each page's Markdown as the index holds it (hundreds of MB on the largest APIs). */
export function llmsFiles(index: Pick<SiteIndex, 'title' | 'tagline' | 'sections'>, url: (path: string) => string): [WholeFile, OutputFile] {
  const pages = index.sections.flatMap((s) => s.pages.map((p) => p.markdown));
  return [
    { path: 'llms.txt', contents: llmsTxt(index, url) },
    {
      path: 'llms-full.txt',
      parts: [`# ${index.title}\n\n${index.tagline ? `> ${index.tagline}\n\n` : ''}`, ...pages.flatMap((page, i) => (i ? ['\n---\n\n', page] : [page]))],
    },
  ];
}
