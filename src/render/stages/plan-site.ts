import type { Timed } from '../../shared/model.js';
import type { SiteOutline } from '../../shared/site-index.js';
import { siteOutline } from '../llms/site-index.js';
import { planBlogRoutes, type BlogRoutes } from '../blog/plan-blog-routes.js';
import { planRoutes, type RoutePlan } from '../routes/plan-routes.js';
import type { LoadedSite } from './load-site.js';

// Stage "plan": every route of the site with the data its page needs, and the sidebars: docs of
// every version, React pages, the blog's lists and tag pages, the API's pages. The site outline
// (which pages the site lists) is made from them when first asked for: search, the twins and
// `shipdocs mcp` ask, an edit under `serve` does not.

export interface PlannedSite {
  plan: RoutePlan;
  /** The blog's routes and sidebar, when it has posts. */
  blog: BlogRoutes | undefined;
  outline: () => SiteOutline;
}

export async function planSite({ config, sources, blog: posts, content, api }: LoadedSite, timed: Timed): Promise<PlannedSite> {
  const blog = posts?.hasPosts ? await timed('planBlog', () => planBlogRoutes(content.posts, posts.authors, posts.tags, posts.base, config)) : undefined;
  const plan = await timed('planRoutes', () =>
    planRoutes({
      config,
      content,
      reactPages: sources.reactPages,
      categories: sources.categories,
      versions: sources.docsVersions,
      extraRoutes: [...(blog?.routes ?? []), ...(api?.routes ?? [])],
    }),
  );
  let outline: SiteOutline | undefined;
  const outlineOf = (): SiteOutline =>
    (outline ??= siteOutline({ docs: content.docs, pages: content.pages, posts: content.posts, apis: api?.sections ?? [], routes: plan.routes }));
  return { plan, blog, outline: outlineOf };
}
