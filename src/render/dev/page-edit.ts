import type { SiteConfig } from '../../config/schema.js';
import { hasErrors, type Diagnostic } from '../../shared/diagnostics.js';
import type { RenderedMarkdown } from '../../shared/content-model.js';
import type { DocPage, MarkdownPage, Route, SourceFile, Sources } from '../../shared/model.js';
import { parsePages } from '../markdown/parse-pages.js';
import type { CodeHighlighter } from '../markdown/highlight-code.js';
import type { LinkContext, RenderMemo } from '../markdown/render-memo.js';
import { withEditedContent } from '../routes/plan-routes.js';

// An edit of the body of markdown docs or pages (below their front matter) that leaves their title,
// description and images as they were changes nothing but their own pages: the sidebars, neighbours,
// index pages and the shell's view are made from the rest. Such an edit is taken without preparing
// the site again, so it costs the same on a site of any size: the files are parsed alone, against
// the link targets of the last preparation, and their routes hold the new pages. For any other edit
// (or when a file cannot be taken so), `editBodies` returns undefined: the site is prepared again.

interface EditedPage {
  /** The page's route, holding the new page. */
  route: Route;
  /** The page's content before the edit. */
  before: RenderedMarkdown;
  after: RenderedMarkdown;
}

export interface BodyEdit {
  pages: EditedPage[];
  /** The problems of the edited files (front matter and markdown), in place of those they had. */
  diagnostics: Diagnostic[];
}

export interface BodyEditInput {
  config: SiteConfig;
  /** The sources, with the new texts. */
  sources: Sources;
  /** The docs and markdown pages edited. */
  changed: readonly { kind: 'docs' | 'pages'; file: SourceFile }[];
  /** The routes of the site before the edit, by path. */
  routes: ReadonlyMap<string, Route>;
  /** The link targets of the site before the edit (those the last preparation parsed against). */
  site: LinkContext;
  memo: RenderMemo;
  highlighter: CodeHighlighter;
}

/** The edited pages' new routes, when the edit changed only what these pages show; else undefined. */
export async function editBodies({ config, sources, changed, routes, site, memo, highlighter }: BodyEditInput): Promise<BodyEdit | undefined> {
  // MDX files are compiled and bundled as one batch, and may import components: not one file alone.
  if (changed.some(({ file }) => !/\.md$/i.test(file.relPath))) return undefined;
  const frontMatterBefore = new Map(changed.map(({ file }) => [file.relPath, frontMatterText(memo, file.relPath)]));
  const docs = changed.filter((c) => c.kind === 'docs').map((c) => c.file as Sources['docs'][number]);
  const pages = changed.filter((c) => c.kind === 'pages').map((c) => c.file);
  const content = await parsePages({ ...sources, docs, pages, blog: [], categories: [] }, config, highlighter, undefined, memo, site);
  if (hasErrors(content.diagnostics)) return undefined;
  const edited: EditedPage[] = [];
  for (const after of [...content.docs, ...content.pages]) {
    const before = routes.get(site.fileRoutes.get(after.file) ?? '');
    // The front matter's text is the same: its problems and those of its image (reported at their
    // lines) stay as they are, and so does everything read from it.
    if (before === undefined || frontMatterBefore.get(after.file) !== frontMatterText(memo, after.file)) return undefined;
    const route = withEditedContent(before, after);
    if (!route || !sameAssets(pageOf(before)!.content, after.content)) return undefined;
    edited.push({ route, before: pageOf(before)!.content, after: after.content });
  }
  // A file left out (a draft now) is no longer a page: the site changed.
  if (edited.length !== changed.length) return undefined;
  return { pages: edited, diagnostics: content.diagnostics };
}

const pageOf = (route: Route): DocPage | MarkdownPage | undefined =>
  route.data.kind === 'doc' ? route.data.doc : route.data.kind === 'markdown-page' ? route.data.page : undefined;

/** The front matter block of the text the memo last read for a file. */
function frontMatterText(memo: RenderMemo, file: string): string | undefined {
  const kept = memo.frontMatter.get(file);
  return kept && kept.contents.slice(0, kept.contents.length - kept.result.body.length);
}

/** The same images copied next to the page (the site's assets list them). */
const sameAssets = (a: RenderedMarkdown, b: RenderedMarkdown): boolean => JSON.stringify(a.assets) === JSON.stringify(b.assets);
