import { Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { lazyPart, useLazyPart } from '../../app/lazyPart.js';
import type { RepeatDraft, RepeatErrors, RepeatKind } from './repeatDraft.js';
import { RepeatWords } from './RepeatWords.js';

const KINDS: { value: RepeatKind; label: string }[] = [
  { value: 'None', label: 'Does not repeat' }, { value: 'Daily', label: 'Daily' },
  { value: 'Weekly', label: 'Weekly' }, { value: 'Monthly', label: 'Monthly' },
];

/**
 * The details' chunk (lazyPart: drawn in the same render as the choice of a repeat once in, so Weekly
 * then Tab lands in "Every how many weeks").
 */
const repeatDetails = lazyPart(() => import('./RepeatDetails.js'));
/**
 * Starts loading the Repeat choices' chunk. The forms call it on signs of intent (a desk chosen, the
 * room form opened, focus in the form) and the select on focus and pointer, so a choice does not wait:
 * a keyboard user who picks Weekly and presses Tab lands in "Every how many weeks", not past a loading
 * line. Not on every form's first draw: the floorplan shows its form from the start.
 */
export const preloadRepeatDetails = (): void => void repeatDetails.preload().catch(() => undefined);

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
  const repeats = draft.kind !== 'None';
  const details = useLazyPart(repeatDetails, repeats);
  return (
    <Stack gap="xs">
      <NativeSelect label="Repeat" data={KINDS} value={draft.kind} onFocus={preloadRepeatDetails} onPointerEnter={preloadRepeatDetails} onChange={(e) => onChange({ ...draft, kind: e.currentTarget.value as RepeatKind })} />
      {repeats && details.module && <details.module.RepeatDetails {...props} />}
      {repeats && !details.module && !details.failed && <Text size="sm" c="dark.6" role="status"><Loader size="xs" mr={6} />Loading the repeat options…</Text>}
      {/* A lost connection (or a new release that no longer has this file): the one-off booking still works. */}
      {repeats && details.failed && (
        <>
          <Text size="sm" c="red.9" role="alert">
            The repeat options could not be loaded. Check the connection and reload the page to try again, or choose "Does not repeat" to book this one time.
          </Text>
          {/* "Check dates" still works with the choice's usual rule: say which, as the options would. */}
          {props.words && <RepeatWords words={props.words} />}
        </>
      )}
    </Stack>
  );
}
