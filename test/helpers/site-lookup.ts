import type { SiteConfig } from '../../src/config/schema.js';
import { prepareSite } from '../../src/render/build-site.js';
import { indexSite } from '../../src/render/stages/emit-files.js';
import { llmsTxt } from '../../src/render/llms/llms-txt.js';
import { createSiteLookup, type SiteLookup } from '../../src/mcp/site-lookup.js';

/** What `shipdocs mcp` answers from for a project: its site prepared in memory, indexed, looked up at `siteUrl`. */
export async function siteLookupOf(root: string, config: SiteConfig, siteUrl = 'https://docs.example.com/'): Promise<SiteLookup> {
  const prepared = await prepareSite({ root, config });
  const index = await indexSite(prepared);
  await prepared.close();
  const origin = siteUrl.replace(/\/$/, '');
  return createSiteLookup(
    index,
    siteUrl,
    llmsTxt(index, (p) => `${origin}${p}`),
  );
}
