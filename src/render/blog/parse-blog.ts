import { posix } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { SiteConfig } from '../../config/schema.js';
import { z } from 'zod';
import { diagnostic, hasErrors, type Diagnostic } from '../../shared/diagnostics.js';
import type { BlogAuthor, BlogPost, BlogTag } from '../../shared/blog-model.js';
import type { Sources } from '../../shared/model.js';
import type { RenderedMarkdown } from '../../shared/content-model.js';
import { parseFrontMatter, type FrontMatterResult } from '../markdown/front-matter.js';
import { blogFrontMatterSchema, type BlogFrontMatter, type InlineAuthor } from './blog-front-matter.js';
import { authorSchema, parseRecords, tagSchema, type AuthorRecord, type RecordsFile, type TagRecord } from './blog-files.js';

// The blog stage, first half: reads every post's front matter and resolves its date, slug,
// authors and tags. The markdown itself is rendered with the docs (parsePages) from `posts[].body`.

export interface PendingPost {
  file: string;
  slug: string;
  route: string;
  fm: BlogFrontMatter;
  date: string;
  authors: BlogAuthor[];
  tags: BlogTag[];
  body: string;
  lineOffset: number;
  mdx: boolean;
}

export interface BlogPlan {
  base: string;
  posts: PendingPost[];
  authors: Map<string, BlogAuthor>;
  tags: Map<string, BlogTag>;
  /** The blog folder holds posts (maybe all drafts): the blog's pages are built, if empty. */
  hasPosts: boolean;
  diagnostics: Diagnostic[];
}

const DATED = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

// With a front matter error, the fields checked below are read leniently, so that their own
// problems (date, authors, tags) are reported in the same pass.
const lenientSchema = z.looseObject({
  date: blogFrontMatterSchema.shape.date.catch(undefined),
  authors: blogFrontMatterSchema.shape.authors.catch(undefined),
  tags: blogFrontMatterSchema.shape.tags.catch(undefined),
  draft: blogFrontMatterSchema.shape.draft.catch(undefined),
}) as unknown as z.ZodType<BlogFrontMatter>;

interface References {
  authors: Map<string, BlogAuthor>;
  authorsFile: RecordsFile<AuthorRecord>;
  tags: Map<string, BlogTag>;
  tagsFile: RecordsFile<TagRecord>;
  tagFor: (key: string, label: string, permalink: string | undefined, description: string | undefined) => BlogTag;
}

export function readBlog(sources: Sources, config: SiteConfig): BlogPlan | undefined {
  if (config.blog === false) return undefined;
  const base = `/${config.blog.routeBasePath.replace(/^\/|\/$/g, '')}`;
  const blogDir = config.blog.path.replace(/\/$/, '') + '/';
  const diagnostics: Diagnostic[] = [];
  const authorsFile = parseRecords(sources.blogAuthors, authorSchema, 'SD2016');
  const tagsFile = parseRecords(sources.blogTags, tagSchema, 'SD2016');
  diagnostics.push(...authorsFile.diagnostics, ...tagsFile.diagnostics);

  const authors = new Map<string, BlogAuthor>();
  for (const [key, record] of authorsFile.records) authors.set(key, toAuthor(record, key, `${base}/authors/${slugify(key)}`));
  const tags = new Map<string, BlogTag>();
  const tagFor = (key: string, label: string, permalink: string | undefined, description: string | undefined): BlogTag => {
    const existing = tags.get(key);
    if (existing) return existing;
    const tag: BlogTag = { key, label, description, route: `${base}/tags/${(permalink ?? slugify(key)).replace(/^\/+|\/+$/g, '')}` };
    tags.set(key, tag);
    return tag;
  };
  for (const [key, record] of tagsFile.records) tagFor(key, record.label, record.permalink, record.description);
  const refs: References = { authors, authorsFile, tags, tagsFile, tagFor };

  const posts: PendingPost[] = [];
  for (const src of sources.blog) {
    const strict = parseFrontMatter<BlogFrontMatter>(src.contents, src.relPath, blogFrontMatterSchema);
    diagnostics.push(...strict.diagnostics);
    const failed = hasErrors(strict.diagnostics);
    const fm = failed ? parseFrontMatter<BlogFrontMatter>(src.contents, src.relPath, lenientSchema) : strict;
    if (fm.data.draft) continue;
    const rel = src.relPath.slice(blogDir.length);
    const name = /^index\.mdx?$/i.test(posix.basename(rel)) ? posix.basename(posix.dirname(rel)) : posix.basename(rel).replace(/\.mdx?$/i, '');
    const dated = DATED.exec(name);
    const before = diagnostics.length;
    const date = resolveDate(fm, dated, src.relPath, diagnostics);
    const postAuthors = resolveAuthors(fm, refs, src.relPath, diagnostics);
    const postTags = resolveTags(fm, refs, src.relPath, diagnostics);
    if (failed || !date || diagnostics.length > before) continue;
    const slug = (fm.data.slug ?? (dated ? dated[4]! : name)).replace(/^\/+|\/+$/g, '');
    posts.push({
      file: src.relPath,
      slug,
      route: `${base}/${slug}`,
      fm: fm.data,
      date,
      authors: postAuthors,
      tags: postTags,
      body: fm.body,
      lineOffset: fm.lineOffset,
      mdx: /\.mdx$/i.test(src.relPath),
    });
  }
  posts.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug.localeCompare(b.slug)));
  return { base, posts, authors, tags, hasPosts: sources.blog.length > 0, diagnostics };
}

function resolveDate(fm: FrontMatterResult<BlogFrontMatter>, dated: RegExpExecArray | null, file: string, diagnostics: Diagnostic[]): string | undefined {
  const raw = fm.data.date;
  if (raw !== undefined) {
    const value = raw instanceof Date ? raw.toISOString() : raw.trim();
    const time = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value.slice(0, 10)) {
      diagnostics.push(
        diagnostic('SD2013', { message: `Invalid date "${value}": expected YYYY-MM-DD (or an ISO timestamp).`, file, ...fm.positionOf(['date']) }),
      );
      return undefined;
    }
    return value;
  }
  if (dated) {
    const value = `${dated[1]}-${dated[2]}-${dated[3]}`;
    if (Number.isNaN(Date.parse(value)) || new Date(Date.parse(value)).toISOString().slice(0, 10) !== value) {
      diagnostics.push(diagnostic('SD2013', { message: `Invalid date ${value} in the file name.`, file, line: 1, column: 1 }));
      return undefined;
    }
    return value;
  }
  diagnostics.push(
    diagnostic('SD2013', {
      message: 'The post has no date: add `date: YYYY-MM-DD` to its front matter or start its file name with the date.',
      file,
      line: 1,
      column: 1,
    }),
  );
  return undefined;
}

function resolveAuthors(fm: FrontMatterResult<BlogFrontMatter>, refs: References, file: string, diagnostics: Diagnostic[]): BlogAuthor[] {
  const raw = fm.data.authors;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const out: BlogAuthor[] = [];
  list.forEach((entry, i) => {
    if (typeof entry !== 'string') {
      out.push(toAuthor(entry, undefined, undefined));
      return;
    }
    const author = refs.authors.get(entry);
    if (author) out.push(author);
    // An invalid record, or an unreadable authors.yml, is reported there once.
    else if (!refs.authorsFile.invalid.has(entry) && !refs.authorsFile.broken) {
      const known = [...refs.authors.keys()];
      const where = refs.authorsFile.exists
        ? known.length
          ? ` Authors in authors.yml: ${known.join(', ')}.`
          : ' It is not in authors.yml.'
        : ' There is no authors.yml in the blog folder.';
      diagnostics.push(
        diagnostic('SD2014', { message: `Unknown author "${entry}".${where}`, file, ...fm.positionOf(Array.isArray(raw) ? ['authors', i] : ['authors']) }),
      );
    }
  });
  return out;
}

function resolveTags(fm: FrontMatterResult<BlogFrontMatter>, refs: References, file: string, diagnostics: Diagnostic[]): BlogTag[] {
  const out: BlogTag[] = [];
  (fm.data.tags ?? []).forEach((entry, i) => {
    if (typeof entry !== 'string') {
      out.push(refs.tagFor(slugify(entry.permalink ?? entry.label), entry.label, entry.permalink, undefined));
      return;
    }
    const known = refs.tags.get(entry);
    if (known) out.push(known);
    else if (!refs.tagsFile.exists) out.push(refs.tagFor(entry, entry, undefined, undefined));
    else if (!refs.tagsFile.invalid.has(entry) && !refs.tagsFile.broken) {
      const keys = [...refs.tagsFile.records.keys()];
      diagnostics.push(
        diagnostic('SD2015', {
          message: `Unknown tag "${entry}": it is not in tags.yml${keys.length ? ` (tags: ${keys.join(', ')})` : ''}.`,
          file,
          ...fm.positionOf(['tags', i]),
        }),
      );
    }
  });
  return out;
}

function toAuthor(record: AuthorRecord | InlineAuthor, key: string | undefined, route: string | undefined): BlogAuthor {
  return { key, name: record.name, title: record.title, url: record.url, imageUrl: record.image_url, socials: record.socials ?? {}, route };
}

function slugify(s: string): string {
  return new GithubSlugger().slug(s);
}

/** Words of the rendered text at 200 per minute, at least one minute. */
function readingMinutes(html: string): number {
  // Code blocks are looked at, not read word by word (each highlighted token is a word of its own).
  return Math.max(1, Math.round(countWords(html.replace(/<pre\b[\s\S]*?<\/pre>/g, ' ')) / 200));
}

/**
 * The words of HTML with its tags read as spaces: `html.replace(/<[^>]+>/g, ' ').split(/\s+/)`'s
 * non-empty pieces, counted in one pass without building either.
 */
export function countWords(html: string): number {
  let words = 0;
  let inWord = false;
  // Once no `>` follows, no `<` opens a tag (and is not looked for again: linear on any input).
  let tags = true;
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === 60 /* < */ && tags) {
      const end = html.indexOf('>', i + 1);
      if (end < 0) tags = false;
      else if (end > i + 1) {
        inWord = false;
        i = end;
        continue;
      }
    }
    if (isSpace(c)) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}

/** `\s` of a regular expression. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c > 127 &&
      (c === 0xa0 ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff))
  );
}

export function toPost(p: PendingPost, content: RenderedMarkdown): BlogPost {
  return {
    file: p.file,
    slug: p.slug,
    route: p.route,
    title: p.fm.title ?? content.title ?? p.slug,
    description: p.fm.description ?? content.excerpt,
    date: p.date,
    authors: p.authors,
    tags: p.tags,
    readingMinutes: readingMinutes(content.html),
    image: p.fm.image,
    keywords: p.fm.keywords ?? [],
    hideToc: p.fm.hide_table_of_contents ?? false,
    unlisted: p.fm.unlisted ?? false,
    content,
    mdx: p.mdx,
  };
}
