/**
 * Change and intent notification for the editor. Changes made while handling one event are batched
 * into ONE notification, so a drag move that selects, moves and re-renders costs one React render.
 * Intents raised during a batch are delivered after it, once the new state is readable: a view
 * opening the text editor for a just-added text box must find that box in getState().
 */
import type { EditorIntent } from './tools/types.js';

export class Notifier {
  private readonly listeners = new Set<() => void>();
  private readonly intentListeners = new Set<(intent: EditorIntent) => void>();
  private depth = 0;
  private pending = false;
  private queued: EditorIntent[] = [];

  /** `beforeNotify` refreshes the state snapshot that listeners will read. */
  constructor(private readonly beforeNotify: () => void) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onIntent(listener: (intent: EditorIntent) => void): () => void {
    this.intentListeners.add(listener);
    return () => this.intentListeners.delete(listener);
  }

  emit(intent: EditorIntent): void {
    this.queued.push(intent);
    if (this.depth === 0) this.deliver();
  }

  batch<T>(run: () => T): T {
    this.depth += 1;
    try {
      return run();
    } finally {
      this.depth -= 1;
      if (this.depth === 0) {
        if (this.pending) this.flush();
        this.deliver();
      }
    }
  }

  changed(): void {
    this.pending = true;
    if (this.depth === 0) this.flush();
  }

  private deliver(): void {
    const intents = this.queued;
    this.queued = [];
    for (const intent of intents) for (const listener of [...this.intentListeners]) listener(intent);
  }

  private flush(): void {
    this.pending = false;
    this.beforeNotify();
    for (const listener of [...this.listeners]) listener();
  }
}
