/** Builders for tests (here and in the editor engine): a valid desk or drawing with a few overrides. */
import { emptyDrawing, type Desk, type Drawing } from './drawing.js';

export const makeDesk = (overrides: Partial<Desk> = {}): Desk => ({
  x: 100,
  y: 100,
  rotation: 0,
  bookable: true,
  id: overrides.id ?? `desk-${overrides.x ?? 100}-${overrides.y ?? 100}`,
  alias: '',
  assignedTeams: [],
  tags: [],
  ...overrides,
});

export const makeDrawing = (overrides: Partial<Drawing> = {}): Drawing => ({ ...emptyDrawing(), ...overrides });
