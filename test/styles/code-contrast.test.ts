import { describe, expect, it } from 'vitest';
import { loadThemes } from '../../src/render/markdown/highlight-themes.js';
import { blockOf, contrast, css, MODES, over, parse, variables } from '../helpers/contrast.js';

// Highlighted code: every token colour of our two themes, and the line numbers, reach WCAG AA
// (4.5:1) on the code block's background and on a highlighted line's tint over it, in each mode.

describe('code colours', () => {
  for (const [mode, selector] of MODES) {
    it(`reach 4.5:1 in ${mode} mode on a plain and on a highlighted line`, async () => {
      const theme = (await loadThemes())[mode];
      const base = variables(blockOf(css('00-base.css'), selector));
      const background = parse(theme.colors!['editor.background']!);
      // The block around the <pre> has the same background (its title bar and padding).
      expect(contrast(parse(base.get('--sd-color-code-bg')!), background)).toBe(1);
      const backgrounds = [background, over(parse(base.get('--sd-color-code-highlight')!), background)];
      const markdown = css('30-markdown.css');
      const lineNumbers = /color: (#\w+)/.exec(
        mode === 'light' ? blockOf(markdown, '.line-numbers .line::before') : blockOf(markdown, "html[data-theme='dark'] .line-numbers .line::before"),
      )![1]!;
      const colors = new Set([theme.colors!['editor.foreground']!, lineNumbers, ...theme.tokenColors!.flatMap((r) => r.settings.foreground ?? [])]);
      expect(colors.size).toBeGreaterThan(8);
      const worst: string[] = [];
      for (const color of colors)
        for (const bg of backgrounds) {
          const ratio = contrast(parse(color.toLowerCase()), bg);
          if (ratio < 4.5) worst.push(`${color} ${ratio.toFixed(2)}:1`);
        }
      expect(worst).toEqual([]);
    });
  }
});
