// The public API of shipdocs: the config helper, the build function and their types.
export { defineConfig } from './config/define-config.js';
export { buildSite } from './render/build-site.js';
export type { BuildSiteOptions, BuildSiteResult } from './render/build-site.js';
export type { UserConfig, SiteConfig } from './config/schema.js';
export type { Diagnostic } from './shared/diagnostics.js';
export type { OutputFile } from './shared/model.js';
