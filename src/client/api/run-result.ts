// What a try-it request gave: a response, or the cause of its failure.

export interface RunResult {
  status: number;
  statusText: string;
  ms: number;
  /** Bytes of the body as received. */
  size: number;
  headers: [string, string][];
  contentType: string;
  /** The body as text when it is text (JSON pretty-printed), else a Blob to download. */
  text: string | undefined;
  blob: Blob | undefined;
}

/** Why a request produced no response. */
export type FailureCause = 'unreachable' | 'cors' | 'timeout' | 'cancelled';
