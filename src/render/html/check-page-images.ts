import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { Sources } from '../../shared/model.js';
import type { ParsedContent } from '../markdown/parse-pages.js';
import { parseImage } from '../../components/layout/page-meta.js';

// The `image` of front matter becomes the og:image / twitter:image of the page, an absolute URL
// built from the config's url and baseUrl. It must name a file of the static folder (or be an
// http(s) URL): a preview image that 404s is a mistake the build can catch.

const HINT =
  'A front matter `image` is a path inside the static folder (`image: /img/social-card.png` for static/img/social-card.png) or an absolute https URL.';

/** Problems with the `image` of docs, markdown pages and blog posts; `staticFiles` are the static folder's files (outPaths). */
export function checkPageImages(
  content: Pick<ParsedContent, 'docs' | 'pages' | 'posts'>,
  sources: Pick<Sources, 'docs' | 'pages' | 'blog' | 'assetFiles'>,
  staticFiles: ReadonlySet<string>,
  site?: { image: string | undefined; configFile: { path: string; source?: string | undefined } | undefined },
): Diagnostic[] {
  let text: Map<string, string> | undefined;
  const configFile = site?.configFile?.path ?? 'site.config.ts';
  /** Where a problem is reported: the `image:` line of the page's source (looked up only then), or of the config. */
  const at = (file: string): { file: string; line?: number; column?: number; lineText?: string } => {
    if (file === configFile) return { file, ...locateImage(site?.configFile?.source, /^\s*image:\s*['"`]?/) };
    text ??= new Map([...sources.docs, ...sources.pages, ...sources.blog].map((s) => [s.relPath, s.contents]));
    return { file, ...locateImage(text.get(file)) };
  };
  const pages = [
    ...(site?.image !== undefined ? [{ file: configFile, image: site.image }] : []),
    ...content.docs.map((d) => ({ file: d.file, image: d.frontMatter.image })),
    ...content.pages.map((p) => ({ file: p.file, image: p.frontMatter.image })),
    ...content.posts.map((p) => ({ file: p.file, image: p.image })),
  ];
  const diagnostics: Diagnostic[] = [];
  for (const { file, image } of pages) {
    if (image === undefined) continue;
    const what = file === configFile ? '`image` of the config' : 'Front matter image';
    const parsed = parseImage(image);
    if ('url' in parsed) continue;
    if ('problem' in parsed) {
      diagnostics.push(
        parsed.problem === 'unsafe'
          ? diagnostic('SD2012', {
              ...at(file),
              message: `${what} "${image}" is not an http(s) URL or a static path; it is not used as a preview image.`,
            })
          : diagnostic('SD2008', { ...at(file), message: `${what} "${image}" leaves the static folder.`, hint: HINT }),
      );
      continue;
    }
    if (staticFiles.has(parsed.staticPath)) continue;
    const beside = file.replace(/[^/]*$/, '') + image.replace(/^\.\//, '');
    const moved = sources.assetFiles.has(beside) ? ` ${beside} exists next to the page: move it into the static folder and write its path there.` : '';
    diagnostics.push(
      diagnostic('SD2007', {
        ...at(file),
        message: `${what} "${image}" not found: the static folder has no ${parsed.staticPath}.${moved}`,
        hint: HINT,
      }),
    );
  }
  return diagnostics;
}

/** Line and column of the `image:` value: in the front matter block, or (with `key`) the first line of the config that matches. */
function locateImage(source: string | undefined, key?: RegExp): { line?: number; column?: number; lineText?: string } {
  if (source === undefined) return {};
  const lines = source.split(/\r?\n/);
  if (key) {
    const i = lines.findIndex((l) => key.test(l));
    return i < 0 ? {} : { line: i + 1, column: key.exec(lines[i]!)![0].length + 1, lineText: lines[i]! };
  }
  if (!/^(\ufeff)?---\s*$/.test(lines[0] ?? '')) return {};
  for (let i = 1; i < lines.length && !/^---\s*$/.test(lines[i]!); i++) {
    const m = /^image:\s*/.exec(lines[i]!);
    if (m) return { line: i + 1, column: m[0].length + 1, lineText: lines[i]! };
  }
  return {};
}
