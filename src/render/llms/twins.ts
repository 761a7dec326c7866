import { splitFrontMatter } from '../markdown/front-matter.js';
import { withoutComments } from '../markdown/hidden-comments.js';

// The Markdown twin of a page: what an assistant or a reader's tool reads instead of the HTML, at
// the page's route with `.md` (`/docs/intro` → `/docs/intro.md`; the home page → `/index.md`). For
// a markdown page it is its source as written, without front matter, MDX imports and exports or
// comments (the excerpt marker is one), under its title. API pages' Markdown is made without
// comments already (openapi/exports/markdown.ts).

export interface TwinPage {
  route: string;
  title: string;
  description: string | undefined;
  /** The page's Markdown: a source file as written, or Markdown made for it (API pages). */
  markdown: string;
  /** True when `markdown` is a source file (front matter and MDX statements to remove). */
  source: boolean;
  /** The file it comes from, for messages. */
  file: string;
}

/**
 * MDX's `import`/`export` statements (up to the blank line that ends them) removed, outside fenced
 * code only: a code sample that imports something stays whole.
 */
function withoutMdxStatements(body: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let statement = false;
  for (const line of body.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker) fence = marker[0]!.repeat(marker.length);
    else if (fence !== undefined && marker && marker.startsWith(fence)) fence = undefined;
    else if (fence === undefined) {
      if (!statement && /^(import|export)\s/.test(line)) statement = true;
      if (statement) {
        if (line.trim() === '') statement = false;
        continue;
      }
    }
    out.push(line);
  }
  return out.join('\n');
}

/**
 * A source's links written from the site root (`[API](/api)`, `href="/img/a.png"`) with the base
 * path in front, as the HTML page has them, so they lead into the site from a twin under a base
 * path too. Code (fenced blocks, inline spans) is left as written.
 */
export function withBaseLinks(markdown: string, baseUrl: string): string {
  if (baseUrl === '/') return markdown;
  const prefix = baseUrl.replace(/\/$/, '');
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined && marker) fence = marker[0]!.repeat(marker.length);
      else if (fence !== undefined && marker && marker.startsWith(fence)) fence = undefined;
      if (fence !== undefined || marker) return line;
      return line
        .replace(/^(\s{0,3}\[[^\]]+\]:\s*<?)\/(?!\/)/, `$1${prefix}/`)
        .replace(/(`+)[^`][\s\S]*?\1|(\]\(\s*<?|\s(?:href|src)=["'])\/(?!\/)/g, (m: string, tick?: string, lead?: string) => (tick ? m : `${lead}${prefix}/`));
    })
    .join('\n');
}

/** A page's Markdown as its twin says it: title first, then the body. */
export function twinMarkdown(page: TwinPage): string {
  let body = page.markdown;
  if (page.source) {
    const mdx = /\.mdx$/i.test(page.file);
    body = withoutComments(splitFrontMatter(body).body, { mdx });
    if (mdx) body = withoutMdxStatements(body);
    body = body.replace(/\n{3,}/g, '\n\n');
  }
  body = body.replace(/^\s+/, '').replace(/\s+$/, '');
  const hasTitle = /^#\s/.test(body);
  const head = hasTitle ? '' : `# ${page.title}\n\n${page.description ? `> ${page.description}\n\n` : ''}`;
  // Markdown already as its twin says it (an API operation's: its title first, one newline last) is
  // that string, not a copy: the largest APIs' add up to hundreds of MB, held until llms-full.txt is written.
  if (!page.source && !head && page.markdown.endsWith('\n') && body.length === page.markdown.length - 1) return page.markdown;
  return `${head}${body}\n`;
}
