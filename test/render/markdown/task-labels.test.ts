import { describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/render/build-site.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { outputText, tempProject } from '../../helpers/fixtures.js';

// A task-list checkbox is named by its task's text, in .md and .mdx alike.

const TASKS = '- [x] Ship the **quoter**\n- [ ] Write the docs\n  - [ ] Nested step\n';

describe('task-list checkboxes', () => {
  it("are named by their item's text (nested lists left out), in both pipelines", async () => {
    const root = tempProject({ 'content/docs/plain.md': `# Plain\n\n${TASKS}`, 'content/docs/rich.mdx': `# Rich\n\n${TASKS}` });
    const { config } = await loadConfig(root);
    const built = await buildSite({ root, config: config! });
    for (const page of ['docs/plain/index.html', 'docs/rich/index.html']) {
      const html = outputText(built.files, page);
      const boxes = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map((m) => m[0]);
      expect(boxes, page).toHaveLength(3);
      expect(
        boxes.map((b) => /aria-label="([^"]*)"/.exec(b)?.[1]),
        page,
      ).toEqual(['Ship the quoter', 'Write the docs', 'Nested step']);
      expect(boxes[0], page).toMatch(/checked/);
    }
  });
});
