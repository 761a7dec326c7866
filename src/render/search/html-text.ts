import { decodeEntities, htmlToText } from '../../shared/html-text.js';
import { withoutLabels } from '../../shared/ui-label.js';

// The reading HTML of our own rendered pages, with regular expressions: the markup is the
// renderer's, so its shapes are known, and a parser over every page of a large API would cost seconds.

/**
 * The reading text of a page: its <main> without navigation (breadcrumbs, table of contents,
 * pagination), code blocks, UI labels, heading anchors and the title header.
 */
export function mainHtml(page: string): string {
  const start = page.indexOf('<main');
  const end = page.lastIndexOf('</main>');
  if (start < 0 || end < start) return '';
  return contentHtml(
    page
      .slice(start, end)
      .replace(/<nav\b[\s\S]*?<\/nav>/gi, ' ')
      .replace(/<header\b[\s\S]*?<\/header>/gi, ' '),
  );
}

/** The reading HTML of rendered markdown: without code blocks, UI labels, heading anchors and scripts. */
export function contentHtml(html: string): string {
  // Code blocks: long, noisy for word search, and most of a tutorial's bytes.
  const withoutCode = html.replace(/<pre\b[\s\S]*?<\/pre>/gi, ' ');
  return withoutLabels(withoutCode)
    .replace(/<a class="hash-link"[^>]*>[^<]*<\/a>/g, '')
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ');
}

export interface Heading {
  id: string;
  text: string;
}

/** h2/h3 headings with an id, in order. */
export function headingsOf(html: string): Heading[] {
  const out: Heading[] = [];
  for (const m of html.matchAll(/<h([23])\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/gi)) {
    const text = htmlToText(m[3]!);
    if (text) out.push({ id: decodeEntities(m[2]!), text });
  }
  return out;
}

/** The first `max` characters, cut at a word, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
