import type { DeskBookingInput } from '../../../domain/wire/bookings.js';
import { useState } from 'react';
import { toWallClock } from '../../../domain/wallClock.js';
import { deskSeriesCalls } from './seriesApi.js';
import { useSeriesFlow } from './useSeriesFlow.js';

/** What the desk screen hands its form for repeating: the single booking as it stands (null until a free desk is chosen). */
export interface DeskRepeatProps {
  input: DeskBookingInput | null;
  /** The site's zone: the occurrences' days are its calendar days. */
  timeZone: string | undefined;
  /** Refresh what the single booking refreshes (the floor's occupancy). */
  onBooked: () => void;
}

// Stands in until a desk is chosen; "Check dates" is not offered then (the form's Save is disabled).
const NO_DESK: DeskBookingInput = { Start: '', Finish: '', FloorplanId: 0, DeskId: '' };

/** The repeating part of the desk booking form: the shared series flow on the desk calls. */
export function useDeskSeries({ input, timeZone, onBooked }: DeskRepeatProps) {
  const zone = timeZone ?? 'UTC';
  // The chosen day, kept while no desk is chosen (a desk just booked is no longer free), so the
  // rule does not jump to another weekday under the person's eyes.
  const [firstDate, setFirstDate] = useState(() => toWallClock(input ? new Date(input.Start) : new Date(), zone).date);
  const inputDate = input ? toWallClock(new Date(input.Start), zone).date : null;
  if (inputDate && inputDate !== firstDate) setFirstDate(inputDate);
  const flow = useSeriesFlow({
    calls: deskSeriesCalls, firstDate, input: input ?? NO_DESK, onBooked,
    // The reason is not part of what is checked: typing it after "Check dates" keeps the list.
    keyOf: (i) => [i.DeskId, i.FloorplanId, i.Start, i.Finish, i.IncludeParking, i.OnBehalfOfEmail],
  });
  return { flow, firstDate, timeZone: zone, ready: input !== null };
}
