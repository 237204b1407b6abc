// vitest setup (vitest.config.ts): the drawing's schemas loaded before the unit tests, as the editor has
// them by the time anyone edits (drawingSchemas.ts).
import { loadDrawingSchemas } from './drawingSchemas.js';

await loadDrawingSchemas();
