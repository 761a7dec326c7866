import { afterAll } from 'vitest';
import { removeTempDirs } from './fixtures.js';

// Every test file leaves /tmp as it found it: the folders it made through the fixtures' helpers go.
afterAll(() => removeTempDirs());
