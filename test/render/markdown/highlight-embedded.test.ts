import { describe, expect, it } from 'vitest';
import { highlightJob, loadLanguageIndex } from '../../../src/render/markdown/highlight.js';

// A file of its own: the highlighter's grammars are module state, and this checks what a fresh
// one loads for a block (not what earlier blocks happened to load).

describe('languages embedded in a markdown block', () => {
  it('highlights front matter as YAML whatever was highlighted before', async () => {
    await loadLanguageIndex();
    const html = await highlightJob({ code: '---\ntitle: Quotes\n---\n\n# Quotes\n', lang: 'markdown', written: 'md', highlight: [] });
    // `title` as a YAML key (github-light's entity green, made readable), not as plain text.
    expect(html).toMatch(/<span style="color:#1F7C36[^"]*">title<\/span>/);
  });
});
