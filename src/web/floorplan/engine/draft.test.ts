import { describe, expect, it } from 'vitest';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';
import { drawingSchema } from '../../../domain/layout/drawing.js';
import { draftKey, parseDraft, serializeDraft, shouldOfferRestore } from './draft.js';

const schemas = { drawingSchema };

const drawing = makeDrawing({ desks: [makeDesk({ id: 'a' })], lastUpdate: 1000 });

describe('local draft', () => {
  it('is keyed per layout', () => {
    expect(draftKey(12)).toBe('hotdesk.layoutDraft.12');
    expect(draftKey(12)).not.toBe(draftKey(13));
  });

  it('round-trips with its timestamp', () => {
    expect(parseDraft(serializeDraft(drawing, 5000), schemas)).toEqual({ savedAt: 5000, drawing });
  });

  it('treats anything unreadable as no draft', () => {
    expect(parseDraft(null, schemas)).toBeNull();
    expect(parseDraft('', schemas)).toBeNull();
    expect(parseDraft('{not json', schemas)).toBeNull();
    expect(parseDraft('42', schemas)).toBeNull();
    expect(parseDraft(JSON.stringify({ format: 2, savedAt: 1, drawing }), schemas)).toBeNull();
    expect(parseDraft(JSON.stringify({ format: 1, savedAt: 'x', drawing }), schemas)).toBeNull();
    expect(parseDraft(JSON.stringify({ format: 1, savedAt: 1, drawing: { desks: 'no' } }), schemas)).toBeNull();
  });

  it('offers a restore only when the draft is newer than the server copy', () => {
    const draft = { savedAt: 5000, drawing };
    expect(shouldOfferRestore(draft, 4999)).toBe(true);
    expect(shouldOfferRestore(draft, 5000)).toBe(false);
    expect(shouldOfferRestore(draft, 6000)).toBe(false);
    expect(shouldOfferRestore(draft, 0)).toBe(true);
    expect(shouldOfferRestore(draft, undefined)).toBe(true);
    expect(shouldOfferRestore(null, 0)).toBe(false);
  });
});
