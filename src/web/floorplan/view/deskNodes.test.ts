import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Desk } from '../../../domain/layout/drawing.js';
import { DeskNodes, type DeskInputs } from './deskNodes.js';

/** Just enough of the DOM for DeskNodes: elements with attributes and an ordered child list. */
class FakeNode {
  parentNode: FakeNode | null = null;
  children: FakeNode[] = [];
  attrs = new Map<string, string>();
  constructor(readonly tag: string) {}
  get firstChild(): FakeNode | null { return this.children[0] ?? null; }
  get nextSibling(): FakeNode | null {
    const p = this.parentNode;
    return p ? p.children[p.children.indexOf(this) + 1] ?? null : null;
  }
  setAttribute(k: string, v: string) { this.attrs.set(k, v); }
  getAttribute(k: string) { return this.attrs.get(k) ?? null; }
  cloneNode() {
    const c = new FakeNode(this.tag);
    c.attrs = new Map(this.attrs);
    return c;
  }
  remove() {
    if (this.parentNode) this.parentNode.children.splice(this.parentNode.children.indexOf(this), 1);
    this.parentNode = null;
  }
  insertBefore(node: FakeNode, before: FakeNode | null) {
    // As the DOM: the reference node must be a child of this one.
    if (before && before.parentNode !== this) throw new Error('NotFoundError: not a child of this node');
    const nodes = node.tag === '#fragment' ? node.children.splice(0) : [node];
    for (const n of nodes) {
      n.remove();
      const at = before ? this.children.indexOf(before) : this.children.length;
      this.children.splice(at, 0, n);
      n.parentNode = this;
    }
    return node;
  }
  appendChild(node: FakeNode) { return this.insertBefore(node, null); }
}

const desk = (id: string, x = 0, extra: Partial<Desk> = {}): Desk =>
  ({ id, x, y: 0, rotation: 0, bookable: true, alias: '', assignedTeams: [], tags: [], ...extra }) as Desk;

let g: FakeNode;
let nodes: DeskNodes;
const inputs = (desks: Desk[], more: Partial<DeskInputs> = {}): DeskInputs =>
  ({ desks, stateOf: () => 'bookable', detailOf: () => undefined, selectedId: null, tabStopId: null, ...more });
const ids = () => g.children.map((c) => c.getAttribute('data-desk-id'));

beforeEach(() => {
  (globalThis as { document?: unknown }).document = {
    createElementNS: (_ns: string, tag: string) => new FakeNode(tag),
    createDocumentFragment: () => new FakeNode('#fragment'),
  };
  g = new FakeNode('g');
  nodes = new DeskNodes(g as unknown as SVGGElement);
});
afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe('DeskNodes', () => {
  it('draws each desk as one button with its name, state, pressed state and Tab stop', () => {
    nodes.render(inputs([desk('a'), desk('b', 40, { alias: '12' })], { stateOf: (d) => (d.id === 'a' ? 'taken' : 'bookable'), selectedId: 'b', tabStopId: 'b' }));
    expect(ids()).toEqual(['a', 'b']);
    const [a, b] = g.children;
    expect(a!.getAttribute('role')).toBe('button');
    expect(a!.getAttribute('class')).toBe('fp-desk fp-taken');
    expect(a!.getAttribute('aria-label')).toBe('Desk a, taken');
    expect(a!.getAttribute('aria-pressed')).toBe('false');
    expect(a!.getAttribute('tabindex')).toBe('-1');
    expect(b!.getAttribute('aria-label')).toBe('Desk 12, available');
    expect(b!.getAttribute('aria-pressed')).toBe('true');
    expect(b!.getAttribute('tabindex')).toBe('0');
    expect(b!.getAttribute('transform')).toBe('translate(40 0)');
  });

  it('updates only what changed and keeps the other elements', () => {
    const list = [desk('a'), desk('b'), desk('c')];
    nodes.render(inputs(list));
    const [a, b, c] = g.children;
    const moved = desk('b', 100, { rotation: 90 });
    nodes.render(inputs([list[0]!, moved, list[2]!], { selectedId: 'c', detailOf: (d) => (d.id === 'a' ? 'booked 09:00 to 12:00' : undefined) }));
    expect(g.children).toEqual([a, b, c]);
    expect(b!.getAttribute('transform')).toBe('translate(100 0) rotate(90 10 10)');
    expect(c!.getAttribute('aria-pressed')).toBe('true');
    expect(a!.getAttribute('aria-label')).toBe('Desk a, available, booked 09:00 to 12:00');
  });

  it('adds, removes and reorders desks without moving the ones that stay in order', () => {
    const [a, b, c] = [desk('a'), desk('b'), desk('c')];
    nodes.render(inputs([a, b, c]));
    const elA = g.children[0];
    const elC = g.children[2];
    nodes.render(inputs([a, c, desk('d')]));
    expect(ids()).toEqual(['a', 'c', 'd']);
    expect(g.children[0]).toBe(elA);
    expect(g.children[1]).toBe(elC);
    nodes.render(inputs([desk('e'), c, a]));
    expect(ids()).toEqual(['e', 'c', 'a']);
    nodes.render(inputs([]));
    expect(ids()).toEqual([]);
  });

  it('puts dragged desks in the moving group, then back in drawing order with their new places', () => {
    const moving = new FakeNode('g');
    nodes = new DeskNodes(g as unknown as SVGGElement, moving as unknown as SVGGElement);
    const list = [desk('a'), desk('b', 40), desk('c', 80), desk('d', 120)];
    nodes.render(inputs(list));
    const [a, b, c, d] = g.children;
    nodes.render(inputs(list, { moving: new Set(['b', 'd']) }));
    expect(ids()).toEqual(['a', 'c']);
    expect(moving.children).toEqual([b, d]);
    expect(b!.getAttribute('transform')).toBe('translate(40 0)');
    nodes.render(inputs([list[0]!, desk('b', 60), list[2]!, desk('d', 140)]));
    expect(moving.children).toEqual([]);
    expect(g.children).toEqual([a, b, c, d]);
    expect(b!.getAttribute('transform')).toBe('translate(60 0)');
  });

  it('draws a repeated id twice rather than losing a desk', () => {
    nodes.render(inputs([desk('a'), desk('a', 40)]));
    expect(ids()).toEqual(['a', 'a']);
  });
});
