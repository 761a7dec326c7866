// The catalogue of every diagnostic shipdocs reports. Codes are stable: never renamed or reused.
// SD1xxx config, SD2xxx content, SD3xxx OpenAPI, SD4xxx links and routes, SD5xxx build and output.
// The docs page that lists them (content/docs/reference/diagnostics.md) is generated from this
// object by `node scripts/gen-diagnostics-doc.mjs`; a test fails when the page is out of date.

export interface CodeInfo {
  readonly title: string;
  readonly severity: 'error' | 'warning';
  readonly help: string;
  /** A warning that `--strict` makes an error. */
  readonly strict?: true;
}

export const DIAGNOSTIC_CODES = {
  SD1001: {
    title: 'Invalid configuration value',
    severity: 'error',
    help: 'Fix the value at the path shown; the message says what type or shape is expected.',
  },
  SD1002: {
    title: 'Unknown configuration key',
    severity: 'error',
    help: 'Remove the key or correct its spelling; every field is listed in the README config reference.',
  },
  SD1003: {
    title: 'Configuration file failed to load',
    severity: 'error',
    help: 'The config file threw or has a syntax error; fix the code at the position shown.',
  },
  SD1004: { title: 'Configuration file has no default export', severity: 'error', help: 'Write `export default defineConfig({ ... })` in site.config.ts.' },
  SD1005: {
    title: 'Unsafe output directory',
    severity: 'error',
    help: 'Choose a new or empty folder, or one an earlier build wrote (it holds a .shipdocs-output marker). Never the project root or a folder containing it, a source folder or file (content, static, openapi, versioned_docs, versions.json, the config), .git, node_modules or an existing file.',
  },

  SD2001: { title: 'Invalid front matter YAML', severity: 'error', help: 'Fix the YAML between the `---` lines at the top of the file.' },
  SD2002: { title: 'Invalid front matter field', severity: 'error', help: 'Fix the field at the position shown; the message says what is expected.' },
  SD2003: { title: 'Unknown front matter field', severity: 'error', help: 'Remove the field or correct its spelling.' },
  SD2004: { title: 'Unreadable file', severity: 'error', help: 'Check the file exists and is readable, and that it is UTF-8 text.' },
  SD2005: {
    title: 'Invalid category file',
    severity: 'error',
    help: 'Fix `_category_.json` or `_category_.yml`: allowed keys are label, position, collapsed, collapsible, className, description, link.',
  },
  SD2006: { title: 'Markdown syntax error', severity: 'error', help: 'Fix the markdown at the position shown.' },
  SD2007: { title: 'Image not found', severity: 'error', help: 'The image path is resolved from the markdown file; check the file exists inside the project.' },
  SD2008: {
    title: 'Path leaves the project',
    severity: 'error',
    help: 'Content may only reference files inside the project root; symlinks and `..` paths that leave it are refused.',
  },
  SD2009: {
    title: 'React page failed to load or render',
    severity: 'error',
    help: 'The .tsx page has a syntax error, or threw while loading or rendering; fix it at the position shown.',
  },
  SD2010: { title: 'React page has no default export', severity: 'error', help: 'Export the page component as the default export.' },
  SD2011: {
    title: 'Unknown code block language',
    severity: 'warning',
    help: 'The code block is shown without highlighting; use a language name shiki knows (js, ts, bash, json, yaml, …).',
  },
  SD2013: {
    title: 'Invalid blog post date',
    severity: 'error',
    help: 'Give the post a real date: `date: 2025-01-31` in front matter, or a file name starting with YYYY-MM-DD-.',
  },
  SD2014: {
    title: 'Unknown blog author',
    severity: 'error',
    help: "Use a key defined in the blog's authors.yml, or an inline author object ({ name, title, url, image_url }).",
  },
  SD2015: { title: 'Unknown blog tag', severity: 'error', help: "Use a key defined in the blog's tags.yml, or an inline tag object ({ label, permalink })." },
  SD2016: {
    title: 'Invalid authors.yml or tags.yml',
    severity: 'error',
    help: 'Fix the record at the position shown; authors take name, title, url, image_url, email, socials; tags take label, permalink, description.',
  },
  SD2017: {
    title: 'MDX error',
    severity: 'error',
    help: 'Fix the MDX at the position shown: JSX must be well formed, and `{` and `<` in text must be escaped.',
  },
  SD2018: {
    title: 'Invalid versions.json',
    severity: 'error',
    help: 'versions.json lists version names, newest first: ["2.0", "1.0"]. Create versions with `shipdocs docs version <name>`.',
  },
  SD2019: {
    title: 'Stylesheet error',
    severity: 'error',
    help: 'A file of `customCss` has a CSS syntax error, or an @import (list that file in customCss instead); fix it at the position shown.',
  },
  SD2020: {
    title: 'Raw HTML element removed',
    severity: 'warning',
    help: 'Pages keep no `<script>`, `<style>`, `<textarea>`, `<title>`, `<iframe>`, `<xmp>`, `<noembed>`, `<noframes>` or `<plaintext>` from content: the element was removed with its content (up to its end tag; one left open takes the rest of its paragraph or HTML block). Show code in a fenced code block; scripts and styles belong to the site (islands, customCss).',
  },
  SD2012: {
    title: 'Unsafe URL removed',
    severity: 'warning',
    help: 'Only http, https, mailto and relative URLs are kept from content; the link or image was removed.',
  },

  SD3001: {
    title: 'OpenAPI document not found',
    severity: 'error',
    help: 'Set `openapi.path` in site.config.ts to an OpenAPI file, or to a folder holding one (.yaml, .yml or .json); `openapi: false` disables the API reference.',
  },
  SD3002: {
    title: 'Several OpenAPI documents for one API',
    severity: 'warning',
    help: "An entry of the `openapi` list is one API, and its folder holds several documents: the first by name is used. Point the entry's `path` at the file you want, or give each document an entry of its own. (A folder in `openapi: { path }`, such as the default `openapi/`, makes one API per document instead.)",
  },
  SD3003: { title: 'OpenAPI document syntax error', severity: 'error', help: 'Fix the YAML or JSON at the position shown.' },
  SD3004: {
    title: 'Not a supported OpenAPI document',
    severity: 'error',
    help: 'The document must start with `openapi: 3.0.x` or `3.1.x`, or `swagger: "2.0"`, and be an object.',
  },
  SD3005: {
    title: 'Invalid OpenAPI document',
    severity: 'error',
    help: "Fix the value at the JSON pointer shown; the message says what the OpenAPI specification expects there. These are breaks of the document's structure (paths, operations, parameters, responses, media types, schemas and their subschemas, references, security, a missing required property), which no page can be built over; a describing value of the wrong type is SD3016 instead.",
  },
  SD3006: {
    title: 'Reference outside the project refused',
    severity: 'error',
    help: 'A `$ref` may only point into the document itself or to .yaml/.yml/.json files inside the project root; network URLs, absolute system paths and symlinks leaving the project are refused.',
  },
  SD3007: {
    title: 'Unresolved reference',
    severity: 'error',
    help: 'The `$ref` points to nothing: check the JSON pointer after `#` (`~1` stands for `/`, `~0` for `~`) and the file name.',
  },
  SD3008: {
    title: 'Too many YAML aliases',
    severity: 'error',
    help: 'The YAML expands aliases (*name) beyond the safety limit, as a "billion laughs" document does; replace repeated aliases with `$ref`s.',
  },
  SD3009: {
    title: 'OpenAPI processing timed out',
    severity: 'error',
    help: 'Loading and modelling the document took longer than the time bound; look for deeply nested or self-expanding schemas.',
  },
  SD3010: {
    title: 'Unsafe URL removed from the OpenAPI document',
    severity: 'warning',
    help: 'Only http, https and mailto URLs (and relative server URLs) are kept from the document; the link was left out.',
  },
  SD3011: {
    title: 'Invalid or duplicate x-slug',
    severity: 'warning',
    help: 'An `x-slug` must be lowercase letters, digits and hyphens, and unique; the page got a different slug.',
  },
  SD3012: {
    title: 'Swagger 2.0 conversion failed',
    severity: 'error',
    help: 'The Swagger 2.0 document could not be converted to OpenAPI 3; fix the problem named, or convert it yourself.',
  },
  SD3013: { title: 'OpenAPI document too large', severity: 'error', help: 'Documents over 200 MB are refused; split it or remove embedded data.' },
  SD3014: {
    title: 'Duplicate operationId',
    severity: 'warning',
    strict: true,
    help: 'Two operations share an operationId, which must be unique (OpenAPI); clients generated from the document would clash. Each keeps its own page; rename one. `--strict` makes this an error.',
  },
  SD3015: {
    title: 'Unknown property in the OpenAPI document',
    severity: 'warning',
    strict: true,
    help: 'The OpenAPI specification defines no property of this name here (often a typo: `sumary` for `summary`); the reference is built without it. Correct or remove it, or prefix an extension with `x-`. `--strict` makes this an error.',
  },
  SD3016: {
    title: 'Invalid value in the OpenAPI document',
    severity: 'warning',
    strict: true,
    help: 'A keyword that only describes or constrains (`pattern`, `minimum`, `required` of a schema, `format`, `description`, `tags`, …) has a value of the wrong type, or an annotation (`externalDocs`, `xml`, `discriminator`, `contact`, `license`, `examples`) is malformed or lacks a property it requires. As Redoc and Swagger UI do, the reference is still built: with the value read as the type expected when that is exact (`0` → `"0"`, `"5"` → `5`, `"true"` → `true`), else without it (the message says which). Fix the value; `--strict` makes this an error. Breaks of the structure (paths, operations, parameters, responses, schemas, references, a required property missing elsewhere) stay SD3005 errors.',
  },
  SD3017: {
    title: "API exceeds an assistant vendor's limit",
    severity: 'warning',
    help: "The API has more operations than one request to a vendor takes (OpenAI: 128 function tools; Gemini: 512 function declarations), or Claude's tools and context exceed its 200,000-token context window (estimated at 4 characters a token). The whole-API file is still written, and each such vendor's tools are also written per tag (`gpt-tools/<tag>.json`, `gemini/<tag>.json`, `claude/<tag>.json`; a tag over the limit alone in numbered parts) with an `index.json` listing each part's operations: send the parts a task needs. Nothing to fix in the document; smaller tags make smaller parts.",
  },

  SD4001: {
    title: 'Broken internal link',
    severity: 'warning',
    strict: true,
    help: 'No page has this route. Fix the link, or link to the markdown file (`./other.md`) so shipdocs resolves it.',
  },
  SD4002: {
    title: 'Broken anchor',
    severity: 'warning',
    strict: true,
    help: 'The target page has no element with this id. Heading ids are the heading text in kebab-case.',
  },
  SD4003: {
    title: 'Duplicate route',
    severity: 'warning',
    strict: true,
    help: 'Two sources produce the same route; the first one wins. Change the slug or file name of one of them.',
  },
  SD4004: {
    title: 'Link to a missing markdown file',
    severity: 'warning',
    strict: true,
    help: 'The linked .md/.mdx file does not exist or is not a page; fix the path.',
  },

  SD5001: { title: 'Output could not be written', severity: 'error', help: 'Check the output folder is writable and the disk has space.' },
  SD5002: {
    title: 'Static symlink leaves the project',
    severity: 'error',
    help: 'A symlink in static/ points outside the project; shipdocs never copies files the project does not hold. Copy the file into static/ instead.',
  },
  SD5003: {
    title: 'Static file in the place of the service worker',
    severity: 'error',
    help: '`offline: true` writes its service worker as sw.js at the site root. Rename or remove sw.js in the static folder, or turn `offline` off to ship a worker of your own.',
  },
  SD5004: {
    title: 'No site address: links point at localhost',
    severity: 'warning',
    help: 'The config has no `url`, so the absolute links of the output (canonical links, the sitemap, feeds, llms.txt, the API exports and `shipdocs mcp`) point at http://localhost:3000. Set `url` in site.config.ts to the address the site is published at, or pass `--site-url https://…` to `shipdocs build`.',
  },
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
