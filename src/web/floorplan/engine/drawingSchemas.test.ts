import { describe, expect, it, vi } from 'vitest';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';

describe("the editor's checks before the drawing's schemas are in", () => {
  it('refuse a desk edit, a text edit, a desk block and a renaming with STILL_LOADING, changing nothing; all pass once loaded', async () => {
    // Fresh module instances: this file's own copy of drawingSchemas.ts has loaded nothing yet.
    vi.resetModules();
    const schemas = await import('./drawingSchemas.js');
    const document = await import('./document.js');
    const batch = await import('./deskBatch.js');
    expect(schemas.drawingSchemas()).toBeNull();
    const drawing = makeDrawing({ desks: [makeDesk({ id: 'a', alias: 'Desk 1', x: 100, y: 100 })], text: [{ x: 5, y: 5, text: 'Hall', fontSize: 'small' }] });
    const newDesk = makeDesk({ id: 'b', alias: 'Desk 2', x: 200, y: 200 });
    const refused = { ok: false, reason: schemas.STILL_LOADING };
    expect(document.updateDesk(drawing, 'a', { alias: 'Desk 9' })).toEqual(refused);
    expect(document.updateText(drawing, 0, { text: 'Lobby' })).toEqual(refused);
    expect(batch.addDesks(drawing, [newDesk])).toEqual(refused);
    expect(batch.renameDesks(drawing, new Map([['a', 'Desk 9']]))).toEqual(refused);

    await schemas.loadDrawingSchemas();
    expect(schemas.drawingSchemas()).not.toBeNull();
    expect(document.updateDesk(drawing, 'a', { alias: 'Desk 9' }).ok).toBe(true);
    expect(document.updateText(drawing, 0, { text: 'Lobby' }).ok).toBe(true);
    expect(batch.addDesks(drawing, [newDesk]).ok).toBe(true);
    expect(batch.renameDesks(drawing, new Map([['a', 'Desk 9']])).ok).toBe(true);
  });
});
