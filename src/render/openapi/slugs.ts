// The slug rule of DECISIONS.md §3: the path in kebab-case, braces dropped, camelCase split; the
// first operation in document order keeps a slug, the next ones get -1, -2, …; `x-slug` overrides.

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
  return slug;
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

/** One unique slug per operation, in the order given (document order). */
export function assignSlugs(requests: readonly SlugRequest[]): { slugs: string[]; problems: SlugProblem[] } {
  const taken = new Set<string>();
  const slugs: (string | undefined)[] = requests.map(() => undefined);
  const problems: SlugProblem[] = [];
  requests.forEach((r, index) => {
    if (r.xSlug === undefined) return;
    const wanted = typeof r.xSlug === 'string' ? r.xSlug.trim() : '';
    if (!VALID_SLUG.test(wanted)) {
      problems.push({ index, message: `x-slug ${JSON.stringify(r.xSlug)} is not lowercase letters, digits and hyphens; the slug of its path is used.` });
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
