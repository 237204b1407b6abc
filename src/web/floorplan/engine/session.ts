/**
 * The drawing being edited, with its history, the interaction in progress and the save versions.
 * This is where "what is one undo step" is implemented:
 *   commit(next)              one step
 *   begin / update* / end     one step for the whole gesture (none if nothing changed)
 *   begin / update* / cancel  no step, the start drawing is back (Escape)
 * Every method returns whether the drawing changed, so the editor knows when to re-render.
 */
import type { Drawing } from '../../../domain/layout/drawing.js';
import { History } from './history.js';

export class DrawingSession {
  private current: Drawing;
  private base: Drawing | null = null;
  private readonly history: History<Drawing>;
  /** Increases with every committed change (not with transient interaction updates). */
  private versionValue = 0;
  private savedVersion = 0;

  constructor(drawing: Drawing, historyLimit?: number) {
    this.current = drawing;
    this.history = new History<Drawing>(historyLimit);
  }

  get drawing(): Drawing {
    return this.current;
  }

  /** The drawing the interaction in progress started from, or null when none is. */
  get interactionBase(): Drawing | null {
    return this.base;
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  get version(): number {
    return this.versionValue;
  }

  /** Changed since the last markSaved(): what the 60 s autosave asks. */
  get dirty(): boolean {
    return this.versionValue !== this.savedVersion;
  }

  commit(next: Drawing): boolean {
    if (next === this.current) return false;
    this.history.record(this.current);
    this.set(next);
    return true;
  }

  /**
   * Replaces the drawing as part of the LAST step (the editor uses it for a burst of arrow-key
   * nudges): undo goes back to before the first nudge. A new version, so autosave sees it.
   */
  amend(next: Drawing): boolean {
    if (next === this.current) return false;
    if (!this.history.canUndo) return this.commit(next);
    this.set(next);
    return true;
  }

  begin(): void {
    this.base = this.current;
  }

  /** Transient: no history, no version. Ignored outside an interaction. */
  update(next: Drawing): boolean {
    if (this.base === null || next === this.current) return false;
    this.current = next;
    return true;
  }

  end(): boolean {
    const base = this.base;
    this.base = null;
    if (base === null || base === this.current) return false;
    this.history.record(base);
    this.versionValue += 1;
    return true;
  }

  cancel(): boolean {
    const base = this.base;
    this.base = null;
    if (base === null || base === this.current) return false;
    this.current = base;
    return true;
  }

  undo(): boolean {
    const prior = this.history.undo(this.current);
    if (prior === undefined) return false;
    this.set(prior);
    return true;
  }

  redo(): boolean {
    const next = this.history.redo(this.current);
    if (next === undefined) return false;
    this.set(next);
    return true;
  }

  /** A drawing fresh from the server: clean, nothing to undo. */
  load(drawing: Drawing): void {
    this.base = null;
    this.history.clear();
    this.current = drawing;
    this.versionValue += 1;
    this.savedVersion = this.versionValue;
  }

  /** The drawing of `version` reached the server. An older version (edits made while saving) keeps it dirty. */
  markSaved(version: number): boolean {
    if (version <= this.savedVersion || version > this.versionValue) return false;
    this.savedVersion = version;
    return true;
  }

  private set(next: Drawing): void {
    this.current = next;
    this.versionValue += 1;
  }
}
