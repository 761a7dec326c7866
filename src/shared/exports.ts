// Where the exports of an API are in the output, for the build that writes them and the menu
// that links them: the whole API's under `<api base>/exports/`, an operation's under
// `<api base>/exports/operations/<slug>/`.
import type { TextKey } from './i18n.js';

export interface ExportFile {
  /** File name inside the exports folder. */
  file: string;
  label: TextKey;
}

/** The whole API's exports: for assistants, then for API clients. */
export const API_EXPORTS: readonly ExportFile[] = [
  { file: 'universal.md', label: 'export.universal' },
  { file: 'gpt-tools.json', label: 'export.gpt' },
  { file: 'gpt-actions.openapi.json', label: 'export.gptActions' },
  { file: 'claude.json', label: 'export.claude' },
  { file: 'gemini.json', label: 'export.gemini' },
  { file: 'copilot-instructions.md', label: 'export.copilot' },
  { file: 'postman-collection.json', label: 'export.postman' },
  { file: 'insomnia.json', label: 'export.insomnia' },
  { file: 'bruno.json', label: 'export.bruno' },
  { file: 'requests.http', label: 'export.http' },
];

/** One operation's exports. */
export const OPERATION_EXPORTS: readonly ExportFile[] = [
  { file: 'universal.md', label: 'export.universal' },
  { file: 'gpt-tools.json', label: 'export.gpt' },
  { file: 'claude.json', label: 'export.claude' },
  { file: 'gemini.json', label: 'export.gemini' },
  { file: 'copilot.instructions.md', label: 'export.copilot' },
];

/** The exports folder of an API (route base "/api" → "/api/exports"), or of one of its operations. */
export const exportsPath = (apiBase: string, slug?: string): string =>
  `${apiBase.replace(/\/+$/, '')}/exports${slug === undefined ? '' : `/operations/${slug}`}`;
