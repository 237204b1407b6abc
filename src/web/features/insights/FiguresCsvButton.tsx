import { Button } from '@mantine/core';
import type { InsightsResponse } from '../../../domain/wire/insights.js';
import { CANCELLATION_WORDS, fewerThan, figuresCsv, hourLabel, weekdayName } from './insightsText.js';

/** Downloads the figures on screen (every chart's table) as one CSV, made in the browser from the answer. */
export function FiguresCsvButton({ data, locale }: { data: InsightsResponse; locale: string }) {
  const download = () => {
    const hidden = fewerThan(data.MinGroupSize);
    const v = (x: number | null) => (x === null ? hidden : x);
    const csv = figuresCsv([
      { title: `Insights ${data.Kind} site ${data.SiteId} ${data.From} to ${data.To} (${data.TimeZone})`, header: ['Resources', 'Utilisation', 'Booked hours', 'Bookable hours'],
        rows: [[data.Resources, v(data.Total.Rate), v(data.Total.BookedHours), data.Total.BookableHours]] },
      { title: 'By day of the week', header: ['Day', 'Utilisation', 'Booked hours', 'Bookable hours'],
        rows: data.ByWeekday.map((b) => [weekdayName(b.Key, locale), v(b.Rate), v(b.BookedHours), b.BookableHours]) },
      { title: 'By hour of the day', header: ['Hour', 'Utilisation', 'Booked hours', 'Bookable hours'],
        rows: data.ByHour.map((b) => [hourLabel(b.Key, locale), v(b.Rate), v(b.BookedHours), b.BookableHours]) },
      { title: 'Peak in use per day', header: ['Day', 'Peak', 'Of'], rows: data.PeakByDay.map((d) => [d.Day, v(d.Peak), d.Capacity]) },
      { title: 'Check-ins', header: ['Bookings', 'Check-in rate', 'No-show rate'], rows: [[v(data.CheckIns.Bookings), v(data.CheckIns.CheckInRate), v(data.CheckIns.NoShowRate)]] },
      { title: 'Cancellation lead times', header: ['When', 'Cancelled'], rows: data.CancellationLeadTimes.map((b) => [CANCELLATION_WORDS[b.Bucket], v(b.Count)]) },
    ]);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `insights-${data.Kind}-site-${data.SiteId}-${data.From}-${data.To}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return <Button variant="default" size="xs" onClick={download}>Download figures (CSV)</Button>;
}
