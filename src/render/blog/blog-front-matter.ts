import { z } from 'zod';
import { slugSchema } from '../markdown/slug-schema.js';

const inlineAuthor = z.strictObject({
  name: z.string().min(1),
  title: z.string().optional(),
  url: z.string().optional(),
  image_url: z.string().optional(),
  email: z.string().optional(),
  socials: z.record(z.string(), z.string()).optional(),
});

export const blogFrontMatterSchema = z.strictObject({
  title: z.string().optional(),
  slug: slugSchema.optional(),
  date: z.union([z.string(), z.date()]).optional(),
  authors: z.union([z.string(), inlineAuthor, z.array(z.union([z.string(), inlineAuthor]))]).optional(),
  tags: z.array(z.union([z.string(), z.strictObject({ label: z.string().min(1), permalink: slugSchema.optional() })])).optional(),
  description: z.string().optional(),
  image: z.string().optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  keywords: z.array(z.string()).optional(),
});

export type BlogFrontMatter = z.output<typeof blogFrontMatterSchema>;
export type InlineAuthor = z.output<typeof inlineAuthor>;
