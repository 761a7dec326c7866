import { describe, expect, it } from 'vitest';
import { blockOf, contrast, css, MODES, over, parse, variables } from '../helpers/contrast.js';

// The method and status badges are their colour as text on a 12-14 % tint of it, over the page, a
// surface or the active sidebar entry: WCAG 2.1 AA asks 4.5:1 for their small text, in both modes.

describe('method and status badges', () => {
  for (const [mode, selector] of MODES) {
    it(`reach 4.5:1 in ${mode} mode on every background they sit on`, () => {
      const base = variables(blockOf(css('00-base.css'), selector));
      const methods = [...variables(blockOf(css('40-api.css'), selector))].filter(([name]) => name.startsWith('--sd-method-'));
      expect(methods).toHaveLength(6);
      const page = parse(base.get('--sd-color-bg')!);
      const backgrounds = ['--sd-color-bg', '--sd-color-surface', '--sd-color-surface-2'].map((v) => parse(base.get(v)!));
      backgrounds.push(over(parse(base.get('--sd-color-primary-soft')!), page));
      const worst: string[] = [];
      for (const [name, value] of methods) {
        const text = parse(value);
        for (const bg of backgrounds)
          for (const tint of [0.12, 0.14]) {
            const ratio = contrast(text, over([text[0], text[1], text[2], tint], bg));
            if (ratio < 4.5) worst.push(`${name} ${ratio.toFixed(2)}:1`);
          }
      }
      expect(worst).toEqual([]);
    });
  }
});
