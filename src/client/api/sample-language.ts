// The code samples' remembered language, as the entry reads it: shared/snippets/targets.ts's key and
// first target, mirrored so the entry does not import that module (a module of the entry and a lazy
// chunk becomes a chunk of its own); test/client/api/panel-logic.test.ts checks they are equal.

/** localStorage key of the code samples' language. */
export const SAMPLE_LANGUAGE_KEY = 'shipdocs.api.sample';
/** The language the server renders (curl). */
export const DEFAULT_SAMPLE = 'shell-curl';
