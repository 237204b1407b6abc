/**
 * How a desk looks in each state. Every state differs by more than colour (WCAG 1.4.1): a solid,
 * dashed or double outline and a mark inside (none, a cross, a tick, a hatch, a padlock), and each has
 * words for its accessible name. The booking screen passes states; the editor shows bookable/non-bookable.
 * 'closed': inside a closure at the chosen time (issue 22), grey with a padlock, unlike 'taken' (red, cross).
 */
import type { Desk } from '../../../domain/layout/drawing.js';

export const DESK_STATES = ['bookable', 'taken', 'mine', 'nonBookable', 'closed'] as const;
export type DeskState = (typeof DESK_STATES)[number];

export interface DeskLook {
  fill: string;
  stroke: string;
  strokeWidth: number;
  dash?: string;
  /** The mark drawn inside the 20x20 box. */
  mark: 'none' | 'cross' | 'tick' | 'hatch' | 'lock';
  /** Words for the accessible name and the legend. */
  words: string;
}

export const DESK_LOOKS: Record<DeskState, DeskLook> = {
  bookable: { fill: '#d3f9d8', stroke: '#2b8a3e', strokeWidth: 1.5, mark: 'none', words: 'available' },
  taken: { fill: '#ffe3e3', stroke: '#c92a2a', strokeWidth: 1.5, mark: 'cross', words: 'taken' },
  mine: { fill: '#d0ebff', stroke: '#1864ab', strokeWidth: 3, mark: 'tick', words: 'booked by you' },
  nonBookable: { fill: '#f1f3f5', stroke: '#868e96', strokeWidth: 1.5, dash: '3 2', mark: 'hatch', words: 'not bookable' },
  closed: { fill: '#dee2e6', stroke: '#343a40', strokeWidth: 2, mark: 'lock', words: 'closed' },
};

/** The name people see for a desk: its alias, else its id. */
export const deskName = (desk: Pick<Desk, 'alias' | 'id'>): string => desk.alias.trim() || desk.id;

/** The editor has no bookings: a desk is bookable or not. */
export const editorDeskState = (desk: Pick<Desk, 'bookable'>): DeskState => (desk.bookable ? 'bookable' : 'nonBookable');

/** A desk's state: the booking screen's, else (the editor, or a desk it has no state for) by its bookable flag. */
export const deskStateOf = (states: ReadonlyMap<string, DeskState> | undefined, desk: Pick<Desk, 'id' | 'bookable'>): DeskState =>
  states?.get(desk.id) ?? editorDeskState(desk);
