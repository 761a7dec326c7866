/** The part of Web Storage used here (typed structurally: this file is also compiled for tests). */
interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const store = (): KeyValueStore | undefined => (globalThis as { localStorage?: KeyValueStore }).localStorage;

/** localStorage that never throws (private mode, disabled storage, quota). */
export const storage = {
  get(key: string): string | null {
    try {
      return store()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      store()?.setItem(key, value);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  },
};
