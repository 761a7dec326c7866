import { existsSync } from 'node:fs';
import { cancel, confirm, intro, isCancel, select, text } from '@clack/prompts';
import type { CiTarget, UiLanguage } from './plan-init.js';

// The questions of `shipdocs init` in a terminal (@clack/prompts), each with its default: Enter
// through them all makes the same site as `shipdocs init --yes`. Null: the user cancelled (Ctrl+C).

/** The OpenAPI file; empty for the example API. */
export async function askOpenApi(): Promise<string | undefined | null> {
  intro('shipdocs init');
  const file = await text({
    message: 'Your OpenAPI file (OpenAPI 3.0, 3.1 or Swagger 2.0; leave empty for an example API)',
    placeholder: 'openapi.yaml',
    validate: (value) => (value && !existsSync(value) ? `No file or folder at ${value}` : undefined),
  });
  if (isCancel(file)) return cancelled();
  return file?.trim() || undefined;
}

export interface RestDefaults {
  /** The default title, in the chosen language (the API's title when there is one). */
  title: (language: UiLanguage | undefined) => string;
  languages: UiLanguage[];
  blog: boolean;
  ci: CiTarget | undefined;
}

const LANGUAGE_CHOICES: { value: string; label: string }[] = [
  { value: 'es,en', label: 'Español and English (Spanish by default)' },
  { value: 'en,es', label: 'English and Español (English by default)' },
  { value: 'es', label: 'Español only' },
  { value: 'en', label: 'English only' },
];

export async function askRest(defaults: RestDefaults): Promise<{ title: string; languages: UiLanguage[]; blog: boolean; ci: CiTarget | undefined } | null> {
  const languages = await select({
    message: 'Languages of the interface (the starter pages are written in the first)',
    options: LANGUAGE_CHOICES,
    initialValue: defaults.languages.join(','),
  });
  if (isCancel(languages)) return cancelled();
  const chosen = languages.split(',') as UiLanguage[];
  const title = await text({ message: 'Site title', placeholder: defaults.title(chosen[0]), defaultValue: defaults.title(chosen[0]) });
  if (isCancel(title)) return cancelled();
  const blog = await confirm({ message: 'Add a blog?', initialValue: defaults.blog });
  if (isCancel(blog)) return cancelled();
  const ci = await select({
    message: 'Deploy from CI?',
    options: [
      { value: 'none', label: 'Not now' },
      { value: 'github', label: 'GitHub Pages (GitHub Actions: deploy, and an API check on pull requests)' },
      { value: 'gitlab', label: 'GitLab Pages (.gitlab-ci.yml: deploy, and an API check on merge requests)' },
    ],
    initialValue: defaults.ci ?? 'none',
  });
  if (isCancel(ci)) return cancelled();
  return { title: title.trim() || defaults.title(chosen[0]), languages: chosen, blog, ci: ci === 'none' ? undefined : (ci as CiTarget) };
}

function cancelled(): null {
  cancel('Cancelled: nothing was written.');
  return null;
}
