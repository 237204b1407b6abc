/**
 * The editor's desks as SVG elements, one per desk (the booking view draws them as paths instead,
 * DeskRuns.tsx), kept by hand rather than by React: a floor of 5,000 desks is 5,000 elements, and
 * creating them as copies of one template element, added to the page in one go, costs far less than
 * 5,000 React elements (and far less than parsing them as markup, measured). Later renders touch only
 * the desks whose desk object, state, words, selection or Tab stop changed, so moving one desk in the
 * editor updates one element and a focused desk keeps its focus.
 *
 * Each desk is ONE element: a focusable rect with role button, an accessible name such as
 * "Desk 12, available", aria-pressed when chosen, and a class for its state's look (DESK_CSS).
 *
 * While a selection of desks is dragged (`moving`), their elements sit in a second group whose one
 * transform the view moves: a pointer move then changes one attribute instead of one per desk, and
 * the browser re-lays out one group. On the drop they go back in drawing order with their new places.
 */
import { DESK_SIZE } from '../../../domain/layout/constants.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { deskAccessibleName, deskClass, deskTransform } from './DeskGlyph.js';
import type { DeskState } from './deskStates.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface DeskInputs {
  desks: readonly Desk[];
  stateOf: (desk: Desk) => DeskState;
  detailOf: (desk: Desk) => string | undefined;
  selectedId: string | null;
  tabStopId: string | null;
  /** Ids of the desks being dragged as a group: their elements go into the moving group. */
  moving?: ReadonlySet<string> | null;
}

interface Shown {
  el: Element;
  desk: Desk;
  state: DeskState;
  detail: string | undefined;
  selected: boolean;
  tabStop: boolean;
  label: string;
  transform: string;
}

export class DeskNodes {
  private shown = new Map<string, Shown>();
  private template: Element | null = null;

  constructor(private readonly g: SVGGElement, private readonly movingG?: SVGGElement) {}

  /** A new desk element: a copy of one with the attributes every desk shares, then its own. */
  private create(s: Omit<Shown, 'el'>): Element {
    if (!this.template) {
      this.template = document.createElementNS(SVG_NS, 'rect');
      this.template.setAttribute('role', 'button');
      this.template.setAttribute('width', String(DESK_SIZE));
      this.template.setAttribute('height', String(DESK_SIZE));
      this.template.setAttribute('rx', '2');
      this.template.setAttribute('aria-pressed', 'false');
      this.template.setAttribute('tabindex', '-1');
    }
    const el = this.template.cloneNode(false) as Element;
    el.setAttribute('class', deskClass(s.state));
    el.setAttribute('data-desk-id', s.desk.id);
    el.setAttribute('data-desk-state', s.state);
    el.setAttribute('aria-label', s.label);
    if (s.selected) el.setAttribute('aria-pressed', 'true');
    if (s.tabStop) el.setAttribute('tabindex', '0');
    el.setAttribute('transform', s.transform);
    return el;
  }

  render({ desks, stateOf, detailOf, selectedId, tabStopId, moving = null }: DeskInputs): void {
    const g = this.g;
    const movingG = moving && moving.size && this.movingG ? this.movingG : null;
    // Keys: the desk id, made unique should a (bad) drawing repeat one.
    const keys: string[] = new Array(desks.length);
    const seen = new Set<string>();
    desks.forEach((d, i) => {
      let key = d.id;
      for (let n = 1; seen.has(key); n++) key = `${d.id}\u0000${n}`;
      seen.add(key);
      keys[i] = key;
    });

    // Desks no longer in the drawing go first, so the rest rarely move (a moved element loses focus).
    for (const [key, s] of this.shown) {
      if (!seen.has(key)) {
        s.el.remove();
        this.shown.delete(key);
      }
    }
    // New desks are collected in a fragment while they come in order (all of them, the first time).
    let fresh: DocumentFragment | null = null;
    let cursor = g.firstChild;
    const place = (el: Element) => {
      if (el === cursor) {
        cursor = cursor.nextSibling;
        return;
      }
      if (!el.parentNode && cursor === null) {
        (fresh ??= document.createDocumentFragment()).appendChild(el);
        return;
      }
      if (fresh) {
        g.appendChild(fresh);
        fresh = null;
      }
      g.insertBefore(el, cursor);
    };
    // A dragged desk goes to (or stays in) the moving group, in drawing order; the rest are placed as usual.
    const put = (desk: Desk, el: Element) => {
      if (movingG && moving!.has(desk.id)) {
        if (el.parentNode === movingG) return;
        // The cursor must stay a child of the still group.
        if (el === cursor) cursor = cursor.nextSibling;
        movingG.appendChild(el);
      } else {
        place(el);
      }
    };
    desks.forEach((desk, i) => {
      const key = keys[i]!;
      const state = stateOf(desk);
      const detail = detailOf(desk);
      const selected = desk.id === selectedId;
      const tabStop = desk.id === tabStopId;
      const s = this.shown.get(key);
      if (!s) {
        const next = { desk, state, detail, selected, tabStop, label: deskAccessibleName(desk, state, detail), transform: deskTransform(desk) };
        const el = this.create(next);
        this.shown.set(key, { el, ...next });
        put(desk, el);
        return;
      }
      if (s.desk !== desk || s.state !== state || s.detail !== detail) {
        const label = deskAccessibleName(desk, state, detail);
        const transform = deskTransform(desk);
        if (s.state !== state) {
          s.el.setAttribute('class', deskClass(state));
          s.el.setAttribute('data-desk-state', state);
        }
        if (s.label !== label) s.el.setAttribute('aria-label', label);
        if (s.transform !== transform) s.el.setAttribute('transform', transform);
        Object.assign(s, { desk, state, detail, label, transform });
      }
      if (s.selected !== selected) {
        s.el.setAttribute('aria-pressed', String(selected));
        s.selected = selected;
      }
      if (s.tabStop !== tabStop) {
        s.el.setAttribute('tabindex', tabStop ? '0' : '-1');
        s.tabStop = tabStop;
      }
      put(desk, s.el);
    });
    if (fresh) g.appendChild(fresh);
  }
}
