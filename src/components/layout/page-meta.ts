import type { SiteConfig } from '../../config/schema.js';
import type { Route } from '../../shared/model.js';

// What a page's front matter puts in <head> besides its title and description: `keywords`, and
// `image` as the picture of link previews (Open Graph and Twitter cards).

interface HeadMeta {
  keywords: readonly string[];
  /** The image as written in front matter. */
  image: string | undefined;
}

/** The keywords and image of a route's source, whatever kind of page it is. */
export function pageMetaOf(route: Route): HeadMeta {
  const data = route.data;
  switch (data.kind) {
    case 'doc':
      return { keywords: data.doc.frontMatter.keywords ?? [], image: data.doc.frontMatter.image };
    case 'markdown-page':
      return { keywords: data.page.frontMatter.keywords ?? [], image: data.page.frontMatter.image };
    case 'blog-post':
      return { keywords: data.post.keywords ?? [], image: data.post.image };
    default:
      return { keywords: [], image: undefined };
  }
}

export type ImageProblem = 'unsafe' | 'outside';

/**
 * How a front matter image is read: an absolute http(s) URL as is, anything else as a path inside
 * the static folder (`/img/card.png` or `img/card.png`), served from the site's base URL.
 */
export function parseImage(image: string): { url: string } | { staticPath: string } | { problem: ImageProblem } {
  const value = image.trim();
  if (/^https?:\/\//i.test(value)) return { url: value };
  if (/^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//')) return { problem: 'unsafe' };
  const path = value.replace(/^\.?\/+/, '').split(/[?#]/)[0]!;
  if (!path || path.split('/').some((seg) => seg === '..' || seg === '.')) return { problem: 'outside' };
  return { staticPath: path };
}

/** The absolute URL of a front matter image (config url + baseUrl + path), or undefined when unusable. */
export function absoluteImageUrl(image: string, config: Pick<SiteConfig, 'url' | 'baseUrl'>): string | undefined {
  const parsed = parseImage(image);
  if ('url' in parsed) return parsed.url;
  if ('problem' in parsed) return undefined;
  return config.url.replace(/\/+$/, '') + config.baseUrl + parsed.staticPath.split('/').map(encodeURIComponent).join('/');
}
