import type { RenderedMarkdown } from '../../shared/model.js';
import { renderMarkdown, type MarkdownOptions } from './render-markdown.js';

export interface MarkdownJob {
  markdown: string;
  options: Omit<MarkdownOptions, 'fileRoutes' | 'assetFiles' | 'staticFiles'>;
}

export interface SharedMarkdownContext {
  fileRoutes: ReadonlyMap<string, string>;
  assetFiles: ReadonlySet<string>;
  staticFiles: ReadonlySet<string>;
}

/** Renders many markdown files; results are in job order. */
export async function renderMarkdownBatch(jobs: readonly MarkdownJob[], shared: SharedMarkdownContext): Promise<RenderedMarkdown[]> {
  const out: RenderedMarkdown[] = [];
  for (const job of jobs) out.push(await renderMarkdown(job.markdown, { ...job.options, ...shared }));
  return out;
}
