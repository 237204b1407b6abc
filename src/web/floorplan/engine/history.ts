/**
 * Undo/redo of whole drawings (SPEC 4: every change pushes the prior drawing to the undo stack and
 * clears redo). Drawings are immutable and share unchanged lists, so a snapshot costs little.
 * The editor decides what a step is (one command, or one whole drag or pen shape); this only stacks.
 */
export const DEFAULT_HISTORY_LIMIT = 100;

export class History<T> {
  private undoStack: T[] = [];
  private redoStack: T[] = [];

  constructor(private readonly limit = DEFAULT_HISTORY_LIMIT) {}

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  get sizes(): { undo: number; redo: number } {
    return { undo: this.undoStack.length, redo: this.redoStack.length };
  }

  /** A change happened: remember what it replaced. A new change makes the redo branch unreachable. */
  record(prior: T): void {
    this.undoStack.push(prior);
    // Oldest steps go first: memory stays bounded on a long editing session.
    if (this.undoStack.length > this.limit) this.undoStack.splice(0, this.undoStack.length - this.limit);
    this.redoStack = [];
  }

  /** Returns the drawing to show, or undefined when there is nothing to undo. */
  undo(current: T): T | undefined {
    const prior = this.undoStack.pop();
    if (prior === undefined) return undefined;
    this.redoStack.push(current);
    return prior;
  }

  redo(current: T): T | undefined {
    const next = this.redoStack.pop();
    if (next === undefined) return undefined;
    this.undoStack.push(current);
    return next;
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
  }
}
