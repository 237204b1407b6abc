/**
 * Desk name patterns for the desk block tool and "Renumber selection" (issue 21, point 2).
 *
 * A pattern is literal text with placeholders:
 *   {n}        the desk number, as is            A-{n}        -> A-1, A-2 ... A-200
 *   {n:03}     the number zero-padded to 3 digits ({n:3} means the same)  -> A-001 ... A-200
 *   {floor}    the floorplan's name              {floor}-{n:03} -> Level 2-001
 * Exactly one {n} is required. Pure functions: no React, no DOM.
 */
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { DRAWING_LIMITS } from '../../../domain/layout/drawingBasics.js';

export type PatternPart = { kind: 'text'; text: string } | { kind: 'floor' } | { kind: 'number'; width: number };

export interface NamePattern {
  readonly source: string;
  readonly parts: readonly PatternPart[];
  /** Zero-padding width of {n} (0 = none). */
  readonly width: number;
}

export type PatternResult = { ok: true; pattern: NamePattern } | { ok: false; message: string };

/** Widest padding offered: 9 digits already numbers a billion desks. */
export const MAX_PAD_WIDTH = 9;
/** The largest desk number a pattern may produce (keeps arithmetic and names sane). */
export const MAX_DESK_NUMBER = 999_999_999;
/** How many clashing names a message lists before saying "and N more". */
const NAMES_SHOWN = 5;

export const PATTERN_HELP = 'Use {n} for the number ({n:03} pads it to 3 digits) and {floor} for the floor name';

/** Reads a pattern, or says what is wrong with it in words an admin can act on. */
export function parsePattern(source: string): PatternResult {
  const parts: PatternPart[] = [];
  let numbers = 0;
  let width = 0;
  let text = '';
  const flushText = () => {
    if (text) parts.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === '}') return { ok: false, message: `A "}" at position ${i + 1} has no matching "{". ${PATTERN_HELP}` };
    if (ch !== '{') {
      text += ch;
      continue;
    }
    const close = source.indexOf('}', i);
    if (close < 0) return { ok: false, message: `A "{" at position ${i + 1} is never closed. ${PATTERN_HELP}` };
    const name = source.slice(i + 1, close);
    flushText();
    if (name === 'floor') parts.push({ kind: 'floor' });
    else {
      const number = /^n(?::(\d+))?$/.exec(name);
      if (!number) return { ok: false, message: `Unknown placeholder {${name}}. ${PATTERN_HELP}` };
      const w = number[1] === undefined ? 0 : Number(number[1]);
      if (w > MAX_PAD_WIDTH) return { ok: false, message: `{${name}} pads to ${w} digits; at most ${MAX_PAD_WIDTH} are allowed` };
      numbers++;
      width = w;
      parts.push({ kind: 'number', width: w });
    }
    i = close;
  }
  flushText();
  if (numbers === 0) return { ok: false, message: `The pattern needs {n} where the desk number goes, e.g. A-{n:03}` };
  if (numbers > 1) return { ok: false, message: 'Use {n} only once in the pattern' };
  return { ok: true, pattern: { source, parts, width } };
}

/** A pattern of a plain prefix and the bare number ("a prefix and a start number"). */
export function prefixPattern(prefix: string): PatternResult {
  if (/[{}]/.test(prefix)) return { ok: false, message: 'A prefix cannot contain { or }' };
  return parsePattern(`${prefix}{n}`);
}

export const formatName = (pattern: NamePattern, n: number, floor: string): string =>
  pattern.parts
    .map((p) => (p.kind === 'text' ? p.text : p.kind === 'floor' ? floor : String(n).padStart(p.width, '0')))
    .join('');

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression matching names the pattern makes, capturing the number. */
const matcherFor = (pattern: NamePattern, floor: string): RegExp =>
  new RegExp(
    `^${pattern.parts
      .map((p) => (p.kind === 'text' ? escapeRegExp(p.text) : p.kind === 'floor' ? escapeRegExp(floor) : '(\\d+)'))
      .join('')}$`,
  );

/**
 * The number to start from so a new block continues the floor's numbering: one more than the
 * highest number among desk names the pattern could have made (padded or not), else 1.
 */
export function nextNumberFor(pattern: NamePattern, drawing: Pick<Drawing, 'desks'>, floor = ''): number {
  const matcher = matcherFor(pattern, floor);
  let highest = 0;
  for (const desk of drawing.desks) {
    const m = matcher.exec(desk.alias.trim());
    if (m?.[1] !== undefined) highest = Math.max(highest, Number(m[1]));
  }
  return Math.min(highest + 1, MAX_DESK_NUMBER);
}

export interface NamingCheck {
  pattern: NamePattern;
  start: number;
  count: number;
  floor: string;
  /** Desks whose names are taken (not counting desks being renamed). */
  existing: readonly Pick<Desk, 'id' | 'alias'>[];
  /** Ids being renamed: their current names do not count as taken. */
  renaming?: ReadonlySet<string>;
}

/** Problems with the names `count` desks would get from `start` on; empty when they are fine. */
export function namingProblems({ pattern, start, count, floor, existing, renaming }: NamingCheck): string[] {
  if (!Number.isInteger(start) || start < 0) return ['The start number must be a whole number, 0 or more'];
  const last = start + count - 1;
  if (last > MAX_DESK_NUMBER) return [`Desk numbers cannot go past ${MAX_DESK_NUMBER}`];
  const problems: string[] = [];
  const digits = String(last).length;
  if (pattern.width > 0 && digits > pattern.width) {
    problems.push(`{n:0${pattern.width}} pads to ${pattern.width} digits but the numbers reach ${last}; use {n:0${digits}} or wider`);
  }
  const longest = Math.max(formatName(pattern, start, floor).length, formatName(pattern, last, floor).length);
  if (longest > DRAWING_LIMITS.aliasLength) {
    problems.push(`Names would be ${longest} characters long; at most ${DRAWING_LIMITS.aliasLength} are allowed`);
  }
  if (problems.length > 0 || count === 0) return problems;
  const taken = new Set(existing.filter((d) => !renaming?.has(d.id)).map((d) => d.alias.trim()));
  const clashes: string[] = [];
  for (let n = start; n <= last; n++) {
    const name = formatName(pattern, n, floor);
    if (taken.has(name)) clashes.push(name);
  }
  if (clashes.length > 0) problems.push(duplicatesMessage(clashes));
  return problems;
}

export const duplicatesMessage = (names: readonly string[]): string => {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : '';
  return `${names.length === 1 ? 'This name is' : 'These names are'} already used on this floor: ${shown}${more}`;
};

// ---------- the naming form (pattern or prefix, and a start number) ----------

export type NamingMode = 'pattern' | 'prefix';

export interface NamingForm {
  mode: NamingMode;
  pattern: string;
  prefix: string;
  /** '' = continue from the floor's highest number. */
  start: number | string;
}

export type ResolvedNaming =
  | { ok: true; pattern: NamePattern; start: number; next: number }
  | { ok: false; message: string; next: number | null };

export const DEFAULT_NAMING: NamingForm = { mode: 'pattern', pattern: '{floor}-{n:03}', prefix: 'Desk ', start: '' };

/** The form's fields as a pattern and a start number, or what is wrong with them. */
export function resolveNaming(form: NamingForm, floor: string, drawing: Pick<Drawing, 'desks'>): ResolvedNaming {
  const parsed = form.mode === 'pattern' ? parsePattern(form.pattern) : prefixPattern(form.prefix);
  if (!parsed.ok) return { ok: false, message: parsed.message, next: null };
  const next = nextNumberFor(parsed.pattern, drawing, floor);
  if (form.start === '') return { ok: true, pattern: parsed.pattern, start: next, next };
  const start = Number(form.start);
  if (!Number.isInteger(start) || start < 0) return { ok: false, message: 'The start number must be a whole number, 0 or more', next };
  return { ok: true, pattern: parsed.pattern, start, next };
}
