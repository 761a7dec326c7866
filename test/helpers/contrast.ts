import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './fixtures.js';

// WCAG 2.1 contrast from the theme's own stylesheets: the tests of badge and code colours read
// the CSS variables of one mode's block and compute the ratio of each pair they check.

/** A theme stylesheet's text (src/styles/<file>). */
export const css = (file: string): string => readFileSync(join(REPO, 'src/styles', file), 'utf8');

/** The declarations of the first rule of `selector` in `text`. */
export const blockOf = (text: string, selector: string): string => text.slice(text.indexOf(`${selector} {`)).split('}')[0]!;

/** The `--sd-*` variables a block declares. */
export const variables = (block: string): Map<string, string> => new Map([...block.matchAll(/(--sd-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));

/** The mode blocks of the stylesheets: light on :root, dark on html[data-theme='dark']. */
export const MODES = [
  ['light', ':root'],
  ['dark', "html[data-theme='dark']"],
] as const;

export type Rgba = [number, number, number, number];

/** `#rgb`, `#rrggbb` or `rgba(r, g, b, a)`, channels 0 to 1. */
export function parse(color: string): Rgba {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  const hex = /^#([0-9a-f]{6})$/i.exec(short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : color);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16) / 255).concat(1) as Rgba;
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(color);
  if (rgba) return [Number(rgba[1]) / 255, Number(rgba[2]) / 255, Number(rgba[3]) / 255, Number(rgba[4])];
  throw new Error(`unknown colour ${color}`);
}

/** `top` painted over the opaque `under`. */
export const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])).concat(1) as Rgba;

const luminance = (c: Rgba): number =>
  [0.2126, 0.7152, 0.0722].reduce((sum, w, i) => sum + w * (c[i]! <= 0.04045 ? c[i]! / 12.92 : ((c[i]! + 0.055) / 1.055) ** 2.4), 0);

/** The WCAG contrast ratio of two opaque colours. */
export const contrast = (a: Rgba, b: Rgba): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
