import { tempProject } from './fixtures.js';

/** A docs site with 12 categories of 20 docs (252 sidebar links), all but the first collapsed. */
export function largeSidebarSite(): string {
  const files: Record<string, string> = {};
  for (let c = 1; c <= 12; c++) {
    files[`content/docs/cat-${c}/_category_.json`] = JSON.stringify({ label: `Category ${c}`, position: c, collapsed: c > 1 });
    for (let p = 1; p <= 20; p++)
      files[`content/docs/cat-${c}/page-${p}.md`] = `---\nsidebar_position: ${p}\n---\n# Page ${c}.${p}\n\nText of page ${c}.${p}.\n`;
  }
  return tempProject(files);
}
