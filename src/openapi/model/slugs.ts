import { createHash } from 'node:crypto';

// The slug rule of DECISIONS.md §3: the path in kebab-case, braces dropped, camelCase split; the
// first operation in document order keeps a slug, the next ones get -1, -2, …; `x-slug` overrides.
// A slug is a folder name of the output: one longer than MAX_SLUG (long paths of large APIs run to
// 300+ characters, past what file systems take) is cut at a word and ends with a hash of the whole.

/** The longest slug, in characters (ASCII: bytes), before a "-n" suffix. */
const MAX_SLUG = 100;

/** "/shiphero/orders/{orderId}" → "shiphero-orders-order-id". */
export function slugify(text: string): string {
  const slug = text
    .replace(/[{}]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length > MAX_SLUG ? capSlug(slug) : slug;
}

/** A slug cut at the last word that fits, followed by 8 hex of the whole slug's SHA-256: short, and the same in every build. */
function capSlug(slug: string): string {
  const hash = createHash('sha256').update(slug).digest('hex').slice(0, 8);
  const room = MAX_SLUG - hash.length - 1;
  const cut = slug.slice(0, room + 1).lastIndexOf('-');
  return `${slug.slice(0, cut > 0 ? cut : room)}-${hash}`;
}

const VALID_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface SlugRequest {
  path: string;
  /** The operation's `x-slug`, if any. */
  xSlug: unknown;
}

export interface SlugProblem {
  index: number;
  message: string;
}

/**
 * Routes under an API's base that are not operations: its changelog page (`<base>/changelog`), kept
 * whether or not the config names releases, so that naming them later moves no operation's page.
 */
export const RESERVED_ROUTES: readonly string[] = ['changelog'];

/** One unique slug per operation, in the order given (document order). */
export function assignSlugs(requests: readonly SlugRequest[]): { slugs: string[]; problems: SlugProblem[] } {
  const taken = new Set<string>(RESERVED_ROUTES);
  const slugs: (string | undefined)[] = requests.map(() => undefined);
  const problems: SlugProblem[] = [];
  requests.forEach((r, index) => {
    if (r.xSlug === undefined) return;
    const wanted = typeof r.xSlug === 'string' ? r.xSlug.trim() : '';
    if (!VALID_SLUG.test(wanted) || wanted.length > MAX_SLUG) {
      problems.push({
        index,
        message: `x-slug ${JSON.stringify(r.xSlug)} is not lowercase letters, digits and hyphens of at most ${MAX_SLUG} characters; the slug of its path is used.`,
      });
    } else if (RESERVED_ROUTES.includes(wanted)) {
      problems.push({ index, message: `x-slug "${wanted}" is the route of the API's ${wanted} page; the slug of its path is used.` });
    } else if (taken.has(wanted)) {
      problems.push({ index, message: `x-slug "${wanted}" is already used by another operation; the slug of its path is used.` });
    } else {
      taken.add(wanted);
      slugs[index] = wanted;
    }
  });
  requests.forEach((r, index) => {
    if (slugs[index] !== undefined) return;
    const base = slugify(r.path) || 'root';
    let slug = base;
    for (let n = 1; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    slugs[index] = slug;
  });
  return { slugs: slugs as string[], problems };
}
