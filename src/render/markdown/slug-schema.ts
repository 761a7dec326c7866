import { z } from 'zod';

// A front-matter `slug` becomes folder names in the output and a URL path: it is kept to
// characters that need no escaping in either (letters of any script, digits, "-", "_", ".", "~")
// between single "/", with no "." or ".." segment. A leading "/" makes it absolute; "/" alone is
// the section's root.

const SEGMENT = /^[\p{L}\p{N}\-._~]+$/u;

/** Whether a slug is made of safe segments ("/" alone and "" are the root). */
function isSafeSlug(slug: string): boolean {
  const inner = slug.trim().replace(/^\//, '').replace(/\/$/, '');
  if (inner === '') return true;
  return inner.split('/').every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

export const slugSchema = z
  .string()
  .refine(isSafeSlug, 'is not a safe URL path: use letters, digits, "-", "_", "." and "~" between single "/" (no ".." segment, no empty segment)');
