import type { TextKey } from '../../shared/i18n.js';
import type { FailureCause, RunResult } from './run-result.js';

// The steps of a try-it request, and what the try-it's live region says on entering each: one
// short sentence, as labels (shown in every UI language, CSS picking the reader's) and the plain
// text between them. Pure: test/client/api/try-it-phase.test.ts.

export type Phase =
  | { kind: 'idle' }
  | { kind: 'missing'; names: string[] }
  | { kind: 'invalid' }
  | { kind: 'confirm' }
  | { kind: 'executing'; controller: AbortController }
  | { kind: 'done'; result: RunResult }
  | { kind: 'failed'; failure: { reason: FailureCause; message: string }; proxied: boolean };

/** A sentence: labels by key, and text as it is. */
export type Words = ({ k: TextKey } | string)[];

/** Each failure cause in words. */
export const CAUSE: Record<FailureCause, TextKey> = {
  unreachable: 'execute.causeUnreachable',
  cors: 'execute.causeCors',
  timeout: 'execute.causeTimeout',
  cancelled: 'execute.causeCancelled',
};

/** What is said on entering `phase`: nothing when the try-it is back to its form. */
export function phaseWords(phase: Phase): Words {
  switch (phase.kind) {
    case 'idle':
      return [];
    case 'missing':
      return [{ k: 'execute.missingRequired' }, `: ${phase.names.join(', ')}`];
    case 'invalid':
      return [{ k: 'execute.invalidJson' }];
    case 'confirm':
      return [{ k: 'execute.confirmLive' }];
    case 'executing':
      return [{ k: 'execute.executing' }];
    case 'done':
      return [{ k: 'execute.response' }, `: ${phase.result.status} ${phase.result.statusText}`.trimEnd()];
    case 'failed':
      // Cancelling is what the reader did, not an error.
      return phase.failure.reason === 'cancelled' ? [{ k: CAUSE.cancelled }] : [{ k: 'execute.requestError' }, '. ', { k: CAUSE[phase.failure.reason] }];
  }
}
