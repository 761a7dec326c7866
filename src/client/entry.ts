// The client entry: small, loaded as a module on every page. It wires the shell's controls and
// hydrates the islands the page declares. Heavy widgets are lazy-loaded chunks.
import { hydrateIslands } from './islands.js';
import { initShell } from './shell/shell.js';

initShell(document);
hydrateIslands(document);
