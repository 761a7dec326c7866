import type { RenderedMarkdown } from '../../shared/content-model.js';
import type { IslandComponent } from './remark-islands.js';
import type { DocFrontMatter } from '../../shared/model.js';
import type { FrontMatterResult } from './front-matter.js';

// Renderings of markdown files kept between two preparations of the same site (the dev server's):
// a file is rendered again only when its job (text, route, options) changed, or when a link it
// resolved would now resolve differently (the page it links to was added, removed or moved, an
// asset appeared). What a rendering looked up is recorded while it runs, so the check is exact and
// costs one lookup per link.

/** The maps a rendering resolves links with. */
export interface LinkContext {
  /** Markdown file (relative to the root) → route. */
  fileRoutes: ReadonlyMap<string, string>;
  assetFiles: ReadonlySet<string>;
  staticFiles: ReadonlySet<string>;
}

interface Lookups {
  routes: Map<string, string | undefined>;
  assets: Map<string, boolean>;
  statics: Map<string, boolean>;
}

interface Kept<T> {
  /** The job: a different job (text, route, options) is a different rendering. */
  key: Record<string, unknown>;
  lookups: Lookups;
  value: T;
}

export interface RenderMemo {
  /** Front matter of docs and pages by path, with the text it was read from. */
  frontMatter: Map<string, { contents: string; result: FrontMatterResult<DocFrontMatter> }>;
  /** `.md` files by path. */
  markdown: Map<string, Kept<RenderedMarkdown>>;
  /** The `.mdx` files, as one batch (they are compiled and bundled together), with the islands they use. */
  mdx: Kept<{ results: RenderedMarkdown[]; islands: [string, IslandComponent][] }> | undefined;
  /** The link targets of the last parse of the whole site: an edit of a page's body alone is rendered against them. */
  site: LinkContext | undefined;
}

export const createRenderMemo = (): RenderMemo => ({ frontMatter: new Map(), markdown: new Map(), mdx: undefined, site: undefined });

/** The context, recording every lookup made through it into `lookups`. */
export function recording(ctx: LinkContext): { ctx: LinkContext; lookups: Lookups } {
  const lookups: Lookups = { routes: new Map(), assets: new Map(), statics: new Map() };
  return {
    lookups,
    ctx: {
      fileRoutes: watching(ctx.fileRoutes, 'get', (key, route: string | undefined) => lookups.routes.set(key, route)),
      assetFiles: watching(ctx.assetFiles, 'has', (key, has: boolean) => lookups.assets.set(key, has)),
      staticFiles: watching(ctx.staticFiles, 'has', (key, has: boolean) => lookups.statics.set(key, has)),
    },
  };
}

/** The kept value when its key is `key` and every lookup it made gives the same answer in `ctx`. */
export function keptValue<T>(kept: Kept<T> | undefined, key: Record<string, unknown>, ctx: LinkContext): T | undefined {
  if (!kept || !sameFields(kept.key, key)) return undefined;
  for (const [file, route] of kept.lookups.routes) if (ctx.fileRoutes.get(file) !== route) return undefined;
  for (const [file, has] of kept.lookups.assets) if (ctx.assetFiles.has(file) !== has) return undefined;
  for (const [file, has] of kept.lookups.statics) if (ctx.staticFiles.has(file) !== has) return undefined;
  return kept.value;
}

export const keep = <T>(key: Record<string, unknown>, lookups: Lookups, value: T): Kept<T> => ({ key, lookups, value });

/** Same keys and the same values (primitives; the markdown text compared as a string). */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The collection, with every call of its method `name` (`get` of a map, `has` of a set) reported to `seen` with its answer. */
function watching<T extends object, A>(collection: T, name: 'get' | 'has', seen: (key: string, answer: A) => void): T {
  return new Proxy(collection, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop !== name) return value.bind(target);
      return (key: string) => {
        const answer = value.call(target, key) as A;
        seen(key, answer);
        return answer;
      };
    },
  });
}
