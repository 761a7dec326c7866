import { ANNOUNCEMENT_STORAGE_PREFIX } from './storage-keys.js';
import { storage } from './storage.js';

/** Dismissing the bar remembers its id; the inline script hides it before paint on later visits. */
export function initAnnouncement(doc: Document): void {
  doc.querySelector('[data-announcement-close]')?.addEventListener('click', (e) => {
    const bar = (e.currentTarget as HTMLElement).closest<HTMLElement>('[data-announcement-id]');
    if (!bar) return;
    storage.set(ANNOUNCEMENT_STORAGE_PREFIX + bar.dataset.announcementId, '1');
    doc.documentElement.dataset.announcementDismissed = 'true';
  });
}
