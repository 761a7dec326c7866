import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { createDevSite, type DevSite } from '../../../src/render/dev/dev-site.js';
import { FIXTURES, tempProject } from '../../helpers/fixtures.js';

// `shipdocs serve` on a site with two APIs: an edit of one document shows at once.

let root = '';
let site: DevSite;

beforeAll(async () => {
  root = tempProject({}, join(FIXTURES, 'sites/two-apis'));
  const { config } = await loadConfig(root);
  site = (await createDevSite({ root, config: config! })).site;
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe('live reload with several APIs', () => {
  it('takes an edit of one document: its pages change, the other API stays served', async () => {
    expect(site.page('/tracking-api/status')).toContain('Tracking status');
    const abs = join(root, 'specs/tracking.yaml');
    writeFileSync(abs, readFileSync(abs, 'utf8').replace('summary: Tracking status', 'summary: Tracking health'));
    const r = await site.update([abs]);
    expect(r.ok).toBe(true);
    expect(r.invalidated).toContain('/tracking-api/status');
    expect(r.invalidated.every((p) => p.startsWith('/tracking-api') || p.startsWith('/api/shipping'))).toBe(true);
    expect(site.page('/tracking-api/status')).toContain('Tracking health');
    expect(site.page('/api/shipping/status')).toContain('Shipping status');
  });
});
