import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { SeriesBooked, SeriesPreview } from '../../../domain/wire/bookingSeries.js';
import type { Recurrence, RecurrenceInput } from '../../../domain/recurrence/recurrenceRule.js';
import { weekdayOf } from '../../../domain/recurrence/recurrenceLimits.js';
import { describeRecurrence } from '../../../domain/recurrence/describeRecurrence.js';
import { refusalWords } from '../../../domain/refusalWords.js';
import { ApiError } from '../../app/api.js';
import { isBookable } from './occurrenceLooks.js';
import { addDays, repeatErrors, repeatOff, serverRepeatErrors, toRecurrence, type RepeatDraft, type RepeatErrors } from './repeatDraft.js';
import type { SeriesCalls } from './seriesApi.js';

interface Previewed { key: string; answer: SeriesPreview }

/**
 * A booking form's repeating part (issue 22): the Repeat control's draft, "Check dates" (the
 * preview), the person's choice of occurrences, and booking them. `input` is the form's single
 * booking as it stands now; `keyOf` picks what decides availability, so typing a team name after
 * the check keeps the preview while another end time drops it. A 409 (someone took a day
 * meanwhile) says so, checks again and keeps the person's other choices.
 */
export function useSeriesFlow<I extends object>({ calls, firstDate, input, keyOf, onBooked }: {
  calls: SeriesCalls<I & { Recurrence: RecurrenceInput }>;
  firstDate: string;
  input: I;
  keyOf: (input: I) => unknown;
  onBooked: (booked: SeriesBooked) => void;
}) {
  const [draft, setDraftState] = useState<RepeatDraft>(() => repeatOff(firstDate));
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<RepeatErrors>({});
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // The rule in words as it was booked: the confirmation keeps saying it whatever the form does next.
  const [bookedWords, setBookedWords] = useState<string | null>(null);
  // The desk screen's day can change under the form (its date strip): a weekly rule still on the old
  // day's weekday follows the new day, and an end date now before it moves on.
  const [draftDate, setDraftDate] = useState(firstDate);
  if (draftDate !== firstDate) {
    setDraftDate(firstDate);
    setDraftState((d) => ({
      ...d,
      weekdays: d.weekdays.length === 1 && d.weekdays[0] === weekdayOf(draftDate) ? [weekdayOf(firstDate)] : d.weekdays,
      until: d.until < firstDate ? addDays(firstDate, 90) : d.until,
    }));
  }

  const on = draft.kind !== 'None';
  const ownErrors = repeatErrors(draft, firstDate);
  const recurrence = Object.keys(ownErrors).length === 0 ? toRecurrence(draft, firstDate) : null;
  const key = JSON.stringify([keyOf(input), recurrence]);
  const preview = previewed && previewed.key === key ? previewed.answer : null;
  const words = recurrence ? describeRecurrence(recurrence as Recurrence, firstDate) : null;

  const failed = (err: unknown) => {
    const fields = err instanceof ApiError && err.status === 400 ? serverRepeatErrors(err.fieldErrors, draft) : {};
    setServerErrors(fields);
    // A message that has a field of its own shows there; anything else (the end time, the chosen days) with the form.
    setFormError(Object.keys(fields).length > 0 ? null : refusalWords(err));
  };

  const check = useMutation({
    mutationFn: (v: { body: I & { Recurrence: RecurrenceInput }; key: string; keepChoices: boolean }) => calls.preview(v.body),
    onMutate: () => { setFormError(null); setServerErrors({}); },
    onSuccess: (answer, v) => {
      setPreviewed({ key: v.key, answer });
      const open = answer.Occurrences.filter(isBookable).map((o) => o.Date);
      // After a clash the person's earlier choices stand, less the days that are no longer free.
      setChosen((was) => new Set(v.keepChoices ? open.filter((d) => was.has(d)) : open));
    },
    onError: failed,
  });

  const book = useMutation({
    mutationFn: (body: I & { Recurrence: RecurrenceInput; Dates: string[] }) => calls.book(body),
    onMutate: () => { setFormError(null); setNotice(null); setBookedWords(words); },
    onSuccess: onBooked,
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409) {
        setNotice(refusalWords(err));
        check.mutate({ body: { ...body, Dates: undefined }, key, keepChoices: true });
        return;
      }
      failed(err);
    },
  });

  const withRule = (): (I & { Recurrence: RecurrenceInput }) | null => (recurrence ? { ...input, Recurrence: recurrence } : null);

  return {
    draft,
    setDraft: (d: RepeatDraft) => { setDraftState(d); setServerErrors({}); setNotice(null); },
    on,
    /** Messages beside the Repeat control's fields: its own once the person has tried, and the server's. */
    errors: { ...(tried ? ownErrors : {}), ...serverErrors },
    /** The rule in words, once it is complete. */
    words,
    /** The booked rule in words, for the confirmation. */
    bookedWords,
    /** "Check dates": previews every occurrence; false when the rule still has mistakes (now shown). */
    checkDates: (): boolean => {
      setTried(true);
      const body = withRule();
      if (!body) return false;
      setNotice(null);
      check.mutate({ body, key, keepChoices: false });
      return true;
    },
    checking: check.isPending,
    preview,
    chosen,
    toggle: (date: string, yes: boolean) => setChosen((was) => {
      const next = new Set(was);
      if (yes) next.add(date); else next.delete(date);
      return next;
    }),
    /** The chosen days that are still bookable in the preview shown, in date order. */
    chosenDates: preview ? preview.Occurrences.filter((o) => isBookable(o) && chosen.has(o.Date)).map((o) => o.Date) : [],
    bookChosen: () => {
      const body = withRule();
      if (!body || !preview) return;
      book.mutate({ ...body, Dates: preview.Occurrences.filter((o) => isBookable(o) && chosen.has(o.Date)).map((o) => o.Date) });
    },
    booking: book.isPending,
    booked: book.data ?? null,
    /** After the confirmation: the form is ready for another booking, Repeat off again. */
    dismissBooked: () => {
      book.reset();
      setPreviewed(null);
      setTried(false);
      setDraftState(repeatOff(firstDate));
    },
    /** The clash that made the list check again (409), in the server's words. */
    notice,
    formError,
  };
}

export type SeriesFlow = ReturnType<typeof useSeriesFlow>;
