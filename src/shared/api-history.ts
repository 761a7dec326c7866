// The API's history (config `openapi.changelog`): each release with what changed since the one
// before, as openapi/changelog makes it from the diff engine's changes. The changelog page, the
// operation badges, the sidebar, the feeds, the Markdown twin and `shipdocs mcp` read it.

/** How a change affects the API's clients (the diff engine's kinds). */
export type HistoryChangeKind = 'breaking' | 'non-breaking' | 'deprecation' | 'documentation-only';

export interface HistoryChange {
  kind: HistoryChangeKind;
  /** One sentence, as the diff engine writes it. */
  message: string;
}

/** What a release did to one operation. */
export interface ReleaseOperation {
  /** Upper case ("POST"); null for a change to a path's shared parameters. */
  method: string | null;
  path: string;
  /** Its title in the current document; for an operation that is gone, "METHOD path". */
  title: string;
  /** Route of its page; undefined when the operation no longer exists (removed since). */
  href: string | undefined;
  /** Added or removed by this release, else changed. */
  status: 'added' | 'removed' | 'changed';
  changes: HistoryChange[];
}

/** A release's operations under one tag, in the sidebar's order. */
export interface ReleaseTag {
  /** The tag's name; undefined for operations without a tag or no longer in the document. */
  name: string | undefined;
  operations: ReleaseOperation[];
}

export interface ApiRelease {
  version: string;
  /** "2026-06-02"; undefined for a current release the config gives no date. */
  date: string | undefined;
  /** The element id of its section on the changelog page ("release-1-4-0"). */
  anchor: string;
  /** The release it is compared with; undefined for the oldest (nothing to compare it with). */
  previous: string | undefined;
  tags: ReleaseTag[];
  /** Changes outside the operations (info, servers, security schemes, webhooks). */
  general: HistoryChange[];
  counts: Record<HistoryChangeKind, number>;
}

/** What the history says of one operation of the current document. */
export interface OperationHistory {
  /** The current release, when it added the operation. */
  added?: string | undefined;
  /** The current release and its changes to the operation, when it changed it. */
  changed?: { version: string; changes: HistoryChange[] } | undefined;
  /** The release that deprecated it, when the operation is deprecated and the history knows. */
  deprecatedSince?: string | undefined;
}

export interface ApiHistory {
  /** Route of the changelog page ("/api/changelog"). */
  href: string;
  /** Newest first; the first is the current document. */
  releases: ApiRelease[];
  /** By operation slug. */
  operations: Record<string, OperationHistory>;
}

export const HISTORY_KINDS: readonly HistoryChangeKind[] = ['breaking', 'deprecation', 'non-breaking', 'documentation-only'];

/** Each kind in words, for the Markdown and the feeds (the pages use the interface dictionary). */
export const HISTORY_KIND_TEXT: Record<HistoryChangeKind, string> = {
  breaking: 'Breaking',
  deprecation: 'Deprecation',
  'non-breaking': 'Non-breaking',
  'documentation-only': 'Documentation only',
};

/** The releases after `since` (a version of the history), newest first; all when `since` is undefined. */
export function releasesSince(history: ApiHistory, since: string | undefined): ApiRelease[] | undefined {
  if (since === undefined) return history.releases;
  const at = history.releases.findIndex((r) => r.version === since.trim());
  return at < 0 ? undefined : history.releases.slice(0, at);
}

/**
 * The releases as Markdown (the changelog page's twin, llms-full.txt and `api_changes`): a section
 * per release, its changes under tag and operation, each change with its kind in words.
 */
export function historyMarkdown(releases: readonly ApiRelease[], options: { heading: number; link: (route: string) => string }): string {
  const h = (n: number): string => '#'.repeat(Math.min(6, options.heading + n));
  const change = (c: HistoryChange): string => `- **${HISTORY_KIND_TEXT[c.kind]}**: ${c.message}`;
  const out: string[] = [];
  for (const release of releases) {
    out.push(`${h(0)} ${release.version}${release.date ? ` (${release.date})` : ''}`, '');
    if (release.previous === undefined) {
      out.push('The first release in the history: nothing earlier to compare it with.', '');
      continue;
    }
    const count = HISTORY_KINDS.filter((k) => release.counts[k]).map((k) => `${release.counts[k]} ${HISTORY_KIND_TEXT[k].toLowerCase()}`);
    out.push(`Compared with ${release.previous}: ${count.length ? count.join(', ') : 'no changes'}.`, '');
    for (const tag of release.tags) {
      out.push(`${h(1)} ${tag.name ?? 'Other operations'}`, '');
      for (const op of tag.operations) {
        const name = op.method ? `${op.method} ${op.path}` : op.path;
        const title = op.href ? `[${op.title.replace(/[[\]]/g, '\\$&')}](${options.link(op.href)})` : op.title;
        out.push(`${h(2)} ${title}${op.title === name ? '' : ` (\`${name}\`)`}${op.status === 'changed' ? '' : ` (${op.status})`}`, '');
        out.push(...op.changes.map(change), '');
      }
    }
    if (release.general.length) out.push(`${h(1)} Whole API`, '', ...release.general.map(change), '');
  }
  return out.join('\n');
}

/** Where an API's feeds of changes are: beside its changelog page, as the blog's are beside the blog. */
export function historyFeeds(history: Pick<ApiHistory, 'href'>): { rss: string; atom: string } {
  return { rss: `${history.href}/rss.xml`, atom: `${history.href}/atom.xml` };
}
