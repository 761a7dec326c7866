// Generates a docs site of N pages (default 1,000) for the benchmark: 20 categories of realistic
// pages with headings, lists, tables, admonitions, links between pages and code in five languages.
// Above 1,000 pages, the site holds copies of the 1,000-page docs side by side (content/docs/part-N),
// as a team's large site grows: by more sections, not by longer ones.
// Usage: node bench/generate-docs.mjs <out-dir> [pages]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] ?? 'bench/.work/docs-1000';
const pages = Number(process.argv[3] ?? 1000);
const categories = 20;
const perCopy = Math.min(pages, 1000);
const copies = Math.ceil(pages / perCopy);
const perCategory = Math.ceil(perCopy / categories);

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'content/docs'), { recursive: true });
writeFileSync(
  join(out, 'site.config.ts'),
  `export default { title: 'Bench', tagline: 'Generated docs', url: 'https://bench.example', footer: { links: [{ title: 'More', items: [{ label: 'Home', to: '/' }] }], copyright: 'Bench' } };\n`,
);

const words =
  'shipment parcel courier label tracking quote address warehouse order product rate webhook token sandbox production request response header schema field value limit page'.split(
    ' ',
  );
const sentence = (seed, n = 14) => {
  const w = [];
  for (let i = 0; i < n; i++) w.push(words[(seed * 7 + i * 13) % words.length]);
  const s = w.join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1) + '.';
};
const paragraph = (seed) => [0, 1, 2, 3].map((i) => sentence(seed + i, 10 + ((seed + i) % 9))).join(' ');
// Every page's code is its own (a real site does not repeat one snippet a thousand times), so the
// highlighter does the work it would do on real docs.
const codeSamples = [
  (n) => [
    'ts',
    'title="src/client.ts" {2}',
    `import { Rutapack } from "@rutapack/sdk";\nconst client = new Rutapack({ token: process.env.TOKEN });\nconst quote = await client.quotes.create({ origin: "06600", destination: "64000", weight: ${1 + n / 100} });\nconsole.log(quote.rates.map((r) => r.total * ${n}));`,
  ],
  (n) => [
    'bash',
    '',
    `curl -X POST https://sandbox.rutapack.example/v1/quoter \\\n  -H "Authorization: Bearer $TOKEN" \\\n  -d '{"origin":{"postal_code":"${String(n).padStart(5, '0')}"}}'`,
  ],
  (n) => ['json', '', `{\n  "id": "shp_${n}",\n  "status": "in_transit",\n  "rates": [{ "courier": "estafeta", "total": ${100 + n}.5, "currency": "MXN" }]\n}`],
  (n) => ['yaml', '', `title: My site ${n}\nnavbar:\n  items:\n    - label: Docs\n      to: /docs/page-${n}`],
  (n) => [
    'python',
    '',
    `import requests\nr = requests.get("https://sandbox.rutapack.example/v1/states", params={"country": "MX", "page": ${n}})\nprint(r.json())`,
  ],
];

let n = 0;
for (let copy = 0; copy < copies; copy++) {
  const docs = copies === 1 ? join(out, 'content/docs') : join(out, 'content/docs', `part-${String(copy + 1).padStart(2, '0')}`);
  const part = copies === 1 ? '' : ` (part ${copy + 1})`;
  for (let c = 0; c < categories && n < pages; c++) {
    const dir = join(docs, `category-${String(c + 1).padStart(2, '0')}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '_category_.json'), JSON.stringify({ label: `Section ${c + 1}${part}`, position: c + 1, collapsed: c > 0 }));
    for (let p = 0; p < perCategory && n < pages; p++, n++) {
      const [lang, meta, code] = codeSamples[n % codeSamples.length](n);
      const next = `../category-${String(((c + 1) % categories) + 1).padStart(2, '0')}/page-${String(p + 1).padStart(3, '0')}.md`;
      const body = [
        '---',
        `title: Page ${c + 1}.${p + 1}`,
        `sidebar_position: ${p + 1}`,
        `description: ${sentence(n, 8)}`,
        '---',
        '',
        paragraph(n),
        '',
        '## Overview',
        '',
        paragraph(n + 1),
        '',
        `- ${sentence(n + 2, 6)}`,
        `- ${sentence(n + 3, 6)} See [the next section](${next}#overview).`,
        `- ${sentence(n + 4, 6)}`,
        '',
        '### Details',
        '',
        '| Field | Type | Description |',
        '|:--|:--|:--|',
        `| \`id\` | string | ${sentence(n + 5, 6)} |`,
        `| \`weight\` | number | ${sentence(n + 6, 6)} |`,
        '',
        ':::tip',
        sentence(n + 7, 12),
        ':::',
        '',
        '## Example',
        '',
        '```' + lang + (meta ? ' ' + meta : ''),
        code,
        '```',
        '',
        paragraph(n + 8),
        '',
      ].join('\n');
      writeFileSync(join(dir, `page-${String(p + 1).padStart(3, '0')}.md`), body);
    }
  }
}
console.log(`generated ${n} pages in ${out}`);
