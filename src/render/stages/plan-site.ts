import type { Timed } from '../../shared/model.js';
import { planBlogRoutes, type BlogRoutes } from '../blog/plan-blog-routes.js';
import { planRoutes, type RoutePlan } from '../routes/plan-routes.js';
import type { LoadedSite } from './load-site.js';

// Stage "plan": every route of the site with the data its page needs, and the sidebars: docs of
// every version, React pages, the blog's lists and tag pages, the API's pages.

export interface PlannedSite {
  plan: RoutePlan;
  /** The blog's routes and sidebar, when it has posts. */
  blog: BlogRoutes | undefined;
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
  return { plan, blog };
}
