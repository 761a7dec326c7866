// Where the exports of an API are in the output, for the build that writes them and the menu
// that links them: the whole API's under `<api base>/exports/`, an operation's under
// `<api base>/exports/operations/<slug>/`.
import type { TextKey } from './i18n.js';

export interface ExportFile {
  /** File name inside the exports folder. */
  file: string;
  label: TextKey;
  /**
   * The message a failed download gets: 'Error exporting documentation for …' (the API's
   * documentation), 'Error exporting Postman collection:' or 'Export error' (other client formats).
   */
  failure: 'errorFor' | 'postmanError' | 'error';
}

/** The whole API's exports: for assistants, then for API clients. */
export const API_EXPORTS: readonly ExportFile[] = [
  { file: 'universal.md', label: 'export.universal', failure: 'errorFor' },
  { file: 'gpt-tools.json', label: 'export.gpt', failure: 'errorFor' },
  { file: 'gpt-actions.openapi.json', label: 'export.gptActions', failure: 'errorFor' },
  { file: 'claude.json', label: 'export.claude', failure: 'errorFor' },
  { file: 'gemini.json', label: 'export.gemini', failure: 'errorFor' },
  { file: 'copilot-instructions.md', label: 'export.copilot', failure: 'errorFor' },
  { file: 'postman-collection.json', label: 'export.postman', failure: 'postmanError' },
  { file: 'insomnia.json', label: 'export.insomnia', failure: 'error' },
  { file: 'bruno-collection.json', label: 'export.bruno', failure: 'error' },
  { file: 'bruno-collection.zip', label: 'export.brunoFolder', failure: 'error' },
  { file: 'requests.http', label: 'export.http', failure: 'error' },
];

/** One operation's exports. */
export const OPERATION_EXPORTS: readonly ExportFile[] = [
  { file: 'universal.md', label: 'export.universal', failure: 'errorFor' },
  { file: 'gpt-tools.json', label: 'export.gpt', failure: 'errorFor' },
  { file: 'claude.json', label: 'export.claude', failure: 'errorFor' },
  { file: 'gemini.json', label: 'export.gemini', failure: 'errorFor' },
  { file: 'copilot.instructions.md', label: 'export.copilot', failure: 'errorFor' },
];

/** The exports folder of an API (route base "/api" → "/api/exports"), or of one of its operations. */
export const exportsPath = (apiBase: string, slug?: string): string =>
  `${apiBase.replace(/\/+$/, '')}/exports${slug === undefined ? '' : `/operations/${slug}`}`;
