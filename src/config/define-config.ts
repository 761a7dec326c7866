import type { UserConfig } from './schema.js';

/** Typed identity: gives editors completion and type errors in site.config.ts. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
