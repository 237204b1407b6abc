/**
 * Floorplans and their layouts (SPEC 3, 4 'Layout editing', 7 'Floorplans').
 *
 * A floorplan has a series of layouts; the newest is the one the editor works on, the newest
 * published one is what people book on. A published layout is never changed: editing after
 * publishing starts a new layout (blank, or a copy that keeps desk ids so bookings stay attached).
 * Writes to one floorplan's layouts take a row lock on the floorplan, so two admins (or a double
 * click) cannot interleave.
 */
import type pg from 'pg';
import { emptyDrawing } from '../../../domain/layout/drawing.js';
import { validateDrawing } from '../../../domain/layout/validateDrawing.js';
import type {
  CreatedLayout, DeskFutureBookings, Floorplan, FloorplanNameInput, LatestLayout, LayoutBody, SavedLayout,
} from '../../../domain/wire/floorplans.js';
import { AppError, badInput, conflict, notFound } from '../../http/errors.js';
import * as repo from './floorplans.repo.js';
import { requireOwnUnderlay } from './underlay.service.js';

export const MESSAGES = {
  emptyName: 'The name must not be empty',
  published: 'This layout is published; start a new layout',
  notLatest: 'A newer layout of this floorplan exists; open that one instead',
  draftExists: 'The latest layout of this floorplan is not published yet; edit it instead',
  badJson: 'The layout is not valid JSON',
  badDrawing: 'The layout breaks the drawing rules',
} as const;

const FLOORPLAN = 'The floorplan';
const LAYOUT = 'The layout';
/** The Delete Desk check lists at most this many bookings (the count is exact). */
const DESK_BOOKINGS_LISTED = 200;

const requiredName = (input: FloorplanNameInput): string => {
  const name = (input.Name ?? '').trim();
  if (name === '') throw new AppError('BAD_INPUT', MESSAGES.emptyName, { Name: MESSAGES.emptyName });
  return name;
};

const blankJson = (): string => JSON.stringify(emptyDrawing());

export async function listForLocation(pool: pg.Pool, locationId: number, isAdmin: boolean): Promise<Floorplan[]> {
  if (!(await repo.locationExists(pool, locationId))) throw notFound('The location');
  return repo.listFloorplans(pool, locationId, !isAdmin);
}

export async function createFloorplan(pool: pg.Pool, locationId: number, input: FloorplanNameInput, now: Date): Promise<CreatedLayout> {
  const name = requiredName(input);
  return repo.inTransaction(pool, async (db) => {
    if (!(await repo.locationExists(db, locationId))) throw notFound('The location');
    const floorplanId = await repo.insertFloorplan(db, locationId, name);
    const layoutId = await repo.insertLayout(db, floorplanId, blankJson(), now);
    return { floorplanId, layoutId };
  });
}

export async function renameFloorplan(pool: pg.Pool, id: number, input: FloorplanNameInput): Promise<Floorplan> {
  // The body is the floorplan; an Id in it that is not the one in the path is a client bug (SPEC 8).
  if (input.Id !== undefined && input.Id !== id) throw badInput('The floorplan Id in the body does not match the path', { Id: 'does not match the path' });
  const name = requiredName(input);
  const fp = await repo.findFloorplan(pool, id);
  if (!fp) throw notFound(FLOORPLAN);
  await repo.renameFloorplan(pool, id, name);
  const latest = await repo.latestLayout(pool, id);
  return { Id: id, Name: name, FloorplanLayout: latest ? { Id: latest.id, Published: latest.published } : null };
}

export async function latestLayout(pool: pg.Pool, id: number): Promise<LatestLayout> {
  const fp = await repo.findFloorplan(pool, id);
  if (!fp) throw notFound(FLOORPLAN);
  const layout = await repo.latestLayout(pool, id);
  if (!layout) throw notFound('A layout of this floorplan');
  return repo.toLatestLayout(layout, fp);
}

/**
 * The drawing from a save or publish body: `{ Json: "<string>" }`, `{ Json: { ...drawing } }` or
 * the drawing object itself. Throws 400 with every broken rule (in Errors) when it is not valid.
 */
export function drawingFromBody(body: LayoutBody): string {
  let candidate: unknown = body;
  if (typeof body.Json === 'string') {
    try {
      candidate = JSON.parse(body.Json);
    } catch {
      throw badInput(MESSAGES.badJson, { Json: MESSAGES.badJson });
    }
  } else if (body.Json !== undefined && body.Json !== null) {
    candidate = body.Json;
  }
  const result = validateDrawing(candidate);
  if (!result.ok) {
    const Errors = Object.fromEntries(result.errors.map((e, i) => [`Layout.${i + 1}`, e]));
    throw badInput(`${MESSAGES.badDrawing}: ${result.errors.join('; ')}`, Errors);
  }
  // The parsed drawing is stored: unknown keys are dropped, so storage only ever holds the schema.
  return JSON.stringify(result.drawing);
}

/** Save (and with `publish`, publish) a layout. Only the floorplan's newest layout may change. */
export async function saveLayout(pool: pg.Pool, id: number, layoutId: number, body: LayoutBody, publish: boolean, now: Date): Promise<SavedLayout> {
  const json = drawingFromBody(body); // before any lock: a refused drawing costs no database work
  return repo.inTransaction(pool, async (db) => {
    const fp = await repo.findFloorplan(db, id, true);
    if (!fp) throw notFound(FLOORPLAN);
    await requireOwnUnderlay(db, id, json);
    const layout = await repo.findLayout(db, id, layoutId);
    if (!layout) throw notFound(LAYOUT);
    const latest = await repo.latestLayout(db, id);
    if (latest && latest.id !== layout.id) throw conflict(MESSAGES.notLatest);
    if (layout.published) {
      // Publishing the same drawing again (a double click) is harmless; any change is not.
      if (publish && layout.json === json) {
        return { Id: layout.id, Published: true, PublishedAt: layout.publishedAt?.toISOString() ?? null, UpdatedAt: layout.updatedAt.toISOString() };
      }
      throw conflict(MESSAGES.published);
    }
    return repo.writeLayout(db, layoutId, json, publish, now);
  });
}

/**
 * A new layout after a published one: blank, or a copy of the latest layout's drawing with the
 * same desk ids (bookings name desks by id, so they stay attached). Refused while the latest
 * layout is still an unpublished draft, so a double click cannot pile up drafts.
 */
export async function newLayout(pool: pg.Pool, id: number, fromPrevious: boolean, now: Date): Promise<CreatedLayout> {
  return repo.inTransaction(pool, async (db) => {
    const fp = await repo.findFloorplan(db, id, true);
    if (!fp) throw notFound(FLOORPLAN);
    const latest = await repo.latestLayout(db, id);
    if (latest && !latest.published) throw conflict(MESSAGES.draftExists);
    if (fromPrevious && !latest) throw notFound('A previous layout of this floorplan');
    const json = fromPrevious && latest ? latest.json : blankJson();
    const layoutId = await repo.insertLayout(db, id, json, now);
    return { floorplanId: id, layoutId };
  });
}

/** Soft delete, refused while any booking on the floorplan is active and not yet finished. */
export async function deleteFloorplan(pool: pg.Pool, id: number, now: Date): Promise<void> {
  await repo.inTransaction(pool, async (db) => {
    const fp = await repo.findFloorplan(db, id, true);
    if (!fp) throw notFound(FLOORPLAN);
    const n = await repo.countFutureBookings(db, id, now);
    if (n > 0) {
      throw conflict(`This floorplan has ${n} active booking${n === 1 ? '' : 's'}; cancel ${n === 1 ? 'it' : 'them'} before deleting the floorplan`);
    }
    await repo.softDeleteFloorplan(db, id, now);
  });
}

export async function deskFutureBookings(pool: pg.Pool, id: number, deskId: string, now: Date): Promise<DeskFutureBookings> {
  const fp = await repo.findFloorplan(pool, id);
  if (!fp) throw notFound(FLOORPLAN);
  return repo.deskFutureBookings(pool, id, deskId, now, DESK_BOOKINGS_LISTED);
}
