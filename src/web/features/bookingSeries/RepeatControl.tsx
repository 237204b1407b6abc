import { Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RepeatDraft, RepeatErrors, RepeatKind } from './repeatDraft.js';

const KINDS: { value: RepeatKind; label: string }[] = [
  { value: 'None', label: 'Does not repeat' }, { value: 'Daily', label: 'Daily' },
  { value: 'Weekly', label: 'Weekly' }, { value: 'Monthly', label: 'Monthly' },
];

type DetailsModule = typeof import('./RepeatDetails.js');
/** The details' module once in: drawn directly then, since even a loaded React.lazy suspends once (and React holds its reveal ~300 ms). */
let loaded: DetailsModule | null = null;
const loadDetails = () => import('./RepeatDetails.js').then((m) => (loaded = m));
const LazyRepeatDetails = lazy(() => loadDetails().then((m) => ({ default: m.RepeatDetails })));
/**
 * Starts loading the Repeat choices' chunk. The forms call it on signs of intent (a desk chosen, the
 * room form opened, focus in the form) and the select on focus and pointer, so a choice does not wait:
 * a keyboard user who picks Weekly and presses Tab lands in "Every how many weeks", not past a loading
 * line. Not on every form's first draw: the floorplan shows its form from the start.
 */
export const preloadRepeatDetails = (): void => void loadDetails().catch(() => undefined);

export interface RepeatControlProps {
  draft: RepeatDraft;
  onChange: (d: RepeatDraft) => void;
  /** The first occurrence's day (YYYY-MM-DD, the site's calendar). */
  firstDate: string;
  errors: RepeatErrors;
  words: string | null;
}

/**
 * The Repeat control of the room and desk booking forms (issue 22): off by default; daily (every N
 * days, weekdays only), weekly (every N weeks on chosen weekdays), monthly (the same date, or the same
 * weekday of the month); ending on a date or after N occurrences; the rule in words below. Native
 * select, chips and radios: all reachable by Tab and worked with the arrow keys and Space. The choices
 * after the select are RepeatDetails, its own chunk (off the floorplan's first load; preloadRepeatDetails).
 */
export function RepeatControl(props: RepeatControlProps) {
  const { draft, onChange } = props;
  return (
    <Stack gap="xs">
      <NativeSelect label="Repeat" data={KINDS} value={draft.kind} onFocus={preloadRepeatDetails} onPointerEnter={preloadRepeatDetails} onChange={(e) => onChange({ ...draft, kind: e.currentTarget.value as RepeatKind })} />
      {draft.kind !== 'None' && loaded && <loaded.RepeatDetails {...props} />}
      {draft.kind !== 'None' && !loaded && (
        <Suspense fallback={<Text size="sm" c="dark.6" role="status"><Loader size="xs" mr={6} />Loading the repeat options…</Text>}>
          <LazyRepeatDetails {...props} />
        </Suspense>
      )}
    </Stack>
  );
}
