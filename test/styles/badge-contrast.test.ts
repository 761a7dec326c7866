import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../helpers/fixtures.js';

// The method and status badges are their colour as text on a 12-14 % tint of it, over the page, a
// surface or the active sidebar entry: WCAG 2.1 AA asks 4.5:1 for their small text, in both modes.

const css = (file: string): string => readFileSync(join(REPO, 'src/styles', file), 'utf8');
const blockOf = (text: string, selector: string): string => text.slice(text.indexOf(`${selector} {`)).split('}')[0]!;
const variables = (block: string): Map<string, string> => new Map([...block.matchAll(/(--sd-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));

type Rgba = [number, number, number, number];
function parse(color: string): Rgba {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  const hex = /^#([0-9a-f]{6})$/i.exec(short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : color);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16) / 255).concat(1) as Rgba;
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(color);
  if (rgba) return [Number(rgba[1]) / 255, Number(rgba[2]) / 255, Number(rgba[3]) / 255, Number(rgba[4])];
  throw new Error(`unknown colour ${color}`);
}
const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])).concat(1) as Rgba;
const luminance = (c: Rgba): number =>
  [0.2126, 0.7152, 0.0722].reduce((sum, w, i) => sum + w * (c[i]! <= 0.04045 ? c[i]! / 12.92 : ((c[i]! + 0.055) / 1.055) ** 2.4), 0);
const contrast = (a: Rgba, b: Rgba): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('method and status badges', () => {
  for (const [mode, selector] of [
    ['light', ':root'],
    ['dark', "html[data-theme='dark']"],
  ] as const) {
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
