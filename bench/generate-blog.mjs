// Generates a blog of N small posts (default 4,000) for the benchmark: dated file names, authors
// and tags from authors.yml/tags.yml, a truncate marker, a code block in one post out of four.
// Usage: node bench/generate-blog.mjs <out-dir> [posts]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] ?? 'bench/.work/blog-4000';
const count = Number(process.argv[3] ?? 4000);
rmSync(out, { recursive: true, force: true });
const blog = join(out, 'content/blog');
mkdirSync(blog, { recursive: true });
writeFileSync(join(out, 'site.config.ts'), `export default { title: 'Bench blog', url: 'https://bench.example', docs: false, blog: { postsPerPage: 10 } };\n`);
const authors = ['ana', 'luis', 'sofia', 'diego', 'marta'];
writeFileSync(join(blog, 'authors.yml'), authors.map((a) => `${a}:\n  name: ${a[0].toUpperCase()}${a.slice(1)} Example\n  title: Engineer\n`).join(''));
const tags = ['api', 'release', 'shipping', 'tracking', 'webhooks', 'guides', 'mexico', 'labels'];
writeFileSync(join(blog, 'tags.yml'), tags.map((t) => `${t}:\n  label: ${t}\n  permalink: /${t}\n`).join(''));
const words = 'parcel courier label tracking quote address warehouse order product rate webhook token sandbox production request response'.split(' ');
const text = (seed, n) => Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(' ');
const start = Date.UTC(2014, 0, 1);
for (let i = 0; i < count; i++) {
  const date = new Date(start + i * 86400000).toISOString().slice(0, 10);
  const body = [
    '---',
    `title: Post ${i + 1} about ${words[i % words.length]}`,
    `authors: [${authors[i % authors.length]}${i % 3 === 0 ? `, ${authors[(i + 1) % authors.length]}` : ''}]`,
    `tags: [${tags[i % tags.length]}, ${tags[(i + 3) % tags.length]}]`,
    '---',
    '',
    `${text(i, 40)}.`,
    '',
    '<!-- truncate -->',
    '',
    '## Details',
    '',
    `${text(i + 1, 80)}.`,
    '',
    `- ${text(i + 2, 8)}`,
    `- ${text(i + 3, 8)}`,
    '',
    ...(i % 4 === 0 ? ['```json', `{ "post": ${i}, "status": "delivered" }`, '```', ''] : []),
  ].join('\n');
  writeFileSync(join(blog, `${date}-post-${i + 1}.md`), body);
}
console.log(`generated ${count} posts in ${out}`);
