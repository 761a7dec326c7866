import type { OutputFile } from '../../shared/model.js';
import { twinPath } from '../../shared/twin-path.js';
import { twinMarkdown, type TwinPage } from './twins.js';
import { pause } from '../workers/pause.js';

// llms.txt (https://llmstxt.org): the site's title as an H1, its summary as a blockquote, then a
// section per part of the site listing its pages as links to their Markdown twins, each with its
// description. llms-full.txt: every page's Markdown, in the same order.

export interface LlmsSection {
  name: string;
  pages: readonly TwinPage[];
}

/** Asynchronous only to let the event loop turn between pages: a large site has tens of thousands. */
export async function llmsFiles(
  site: { title: string; tagline: string; url: (path: string) => string },
  sections: readonly LlmsSection[],
): Promise<OutputFile[]> {
  const line = (p: TwinPage): string =>
    `- [${p.title.replace(/[[\]]/g, '\\$&')}](${site.url(`/${twinPath(p.route)}`)})${p.description ? `: ${p.description.replace(/\s+/g, ' ')}` : ''}`;
  const index = [
    `# ${site.title}`,
    '',
    ...(site.tagline ? [`> ${site.tagline}`, ''] : []),
    ...sections.filter((s) => s.pages.length).flatMap((s) => [`## ${s.name}`, '', ...s.pages.map(line), '']),
  ].join('\n');
  const twins: string[] = [];
  for (const page of sections.flatMap((s) => s.pages)) {
    await pause();
    twins.push(twinMarkdown(page));
  }
  const full = twins.join('\n---\n\n');
  return [
    { path: 'llms.txt', contents: index },
    { path: 'llms-full.txt', contents: `# ${site.title}\n\n${site.tagline ? `> ${site.tagline}\n\n` : ''}${full}` },
  ];
}
