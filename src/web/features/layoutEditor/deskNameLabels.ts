import type { Desk } from '../../../domain/layout/drawing.js';
import { deskName } from '../../floorplan/view/deskStates.js';
import { shortDeskName } from '../../floorplan/view/mapView.js';

/**
 * The words drawn inside each desk on the phone's read-only view of a layout: its short name, as the
 * booking view's map draws a free desk's ('12' for 'Desk 12', else the alias, else the id).
 */
export const deskNameLabels = (desks: readonly Desk[]): Map<string, string> =>
  new Map(desks.map((d) => [d.id, shortDeskName(deskName(d))]));
