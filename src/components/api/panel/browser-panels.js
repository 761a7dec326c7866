// The API panels are the browser's components (client/api/, type-checked with the DOM's types by the
// client's own tsconfig); the server renders the very same ones through this module, which
// browser-panels.d.ts types from the shared contract, so that the server's type-check stays
// without the DOM.
export { API_PANELS } from '../../../client/api/panel.tsx';
