import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type { InsightsResponse } from '../../../domain/wire/insights.js';
import { ChartWithTable } from './ChartWithTable.js';
import { CANCELLATION_WORDS, fewerThan, hourLabel, number, percent, shortDay, weekdayName } from './insightsText.js';

// recharts' keyboard layer would put a focusable, unnamed surface inside the chart image; the table is the keyboard route.
const QUIET = { accessibilityLayer: false } as const;
const pct = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** The charts of one scope and period, each with its table; suppressed figures are gaps in a chart and words in its table. */
export function InsightsCharts({ data, locale }: { data: InsightsResponse; locale: string }) {
  const hidden = fewerThan(data.MinGroupSize);
  const rateCell = (r: number | null) => (r === null ? hidden : percent(r, locale));
  const hoursCell = (h: number | null) => (h === null ? hidden : number(h, locale));
  const weekday = data.ByWeekday.map((b) => ({ label: weekdayName(b.Key, locale), Utilisation: pct(b.Rate) }));
  const hours = data.ByHour.map((b) => ({ label: hourLabel(b.Key, locale), Utilisation: pct(b.Rate) }));
  const peaks = data.PeakByDay.map((d) => ({ label: shortDay(d.Day, locale), Peak: d.Peak }));
  const c = data.CheckIns;
  const rates = [
    { label: 'Checked in', Share: pct(c.CheckInRate) },
    { label: 'No-show', Share: pct(c.NoShowRate) },
  ];
  const nothing = data.Resources === 0 ? `No ${data.Kind === 'desk' ? 'desks' : 'rooms'} in this scope.` : null;
  const percentAxis = { valueFormatter: (v: number) => `${v}%`, yAxisProps: { domain: [0, 100] } };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartWithTable title="Utilisation by day of the week" empty={nothing}
        description="Booked hours against bookable hours (the site's day, Monday to Friday, closures left out)"
        chart={<BarChart h={220} data={weekday} dataKey="label" series={[{ name: 'Utilisation', color: 'blue.7' }]} barChartProps={QUIET} {...percentAxis} />}
        table={{ header: ['Day', 'Utilisation', 'Booked hours', 'Bookable hours'],
          rows: data.ByWeekday.map((b) => [weekdayName(b.Key, locale), rateCell(b.Rate), hoursCell(b.BookedHours), number(b.BookableHours, locale)]) }} />
      <ChartWithTable title="Utilisation by hour of the day" empty={nothing}
        description={`On the site's clock (${data.TimeZone})`}
        chart={<BarChart h={220} data={hours} dataKey="label" series={[{ name: 'Utilisation', color: 'teal.8' }]} barChartProps={QUIET} {...percentAxis} />}
        table={{ header: ['Hour', 'Utilisation', 'Booked hours', 'Bookable hours'],
          rows: data.ByHour.map((b) => [hourLabel(b.Key, locale), rateCell(b.Rate), hoursCell(b.BookedHours), number(b.BookableHours, locale)]) }} />
      <ChartWithTable title={`Peak ${data.Kind === 'desk' ? 'desks' : 'rooms'} in use per day`} empty={nothing}
        description={`The most in use at the same moment, of ${data.Resources}`}
        chart={<LineChart h={220} data={peaks} dataKey="label" series={[{ name: 'Peak', color: 'grape.8' }]} lineChartProps={QUIET} connectNulls={false} />}
        table={{ header: ['Day', 'Peak in use', 'Of'], rows: data.PeakByDay.map((d) => [shortDay(d.Day, locale), d.Peak === null ? hidden : d.Peak, d.Capacity]) }} />
      <ChartWithTable title="Check-ins and no-shows"
        description={c.Bookings === null ? `Bookings that started: ${hidden}` : `Of ${c.Bookings} approved bookings that started`}
        empty={c.Bookings === null ? `Not shown: ${hidden} had bookings that started in this period.` : null}
        chart={<BarChart h={220} data={rates} dataKey="label" series={[{ name: 'Share', color: 'orange.8' }]} barChartProps={QUIET} {...percentAxis} />}
        table={{ header: ['', 'Share'], rows: [['Checked in', rateCell(c.CheckInRate)], ['No-show', rateCell(c.NoShowRate)]] }} />
      <ChartWithTable title="Cancellation lead times"
        description="How long before the start bookings were cancelled"
        chart={<BarChart h={220} data={data.CancellationLeadTimes.map((b) => ({ label: CANCELLATION_WORDS[b.Bucket], Cancelled: b.Count }))}
          dataKey="label" series={[{ name: 'Cancelled', color: 'red.8' }]} barChartProps={QUIET} />}
        table={{ header: ['When', 'Cancelled bookings'], rows: data.CancellationLeadTimes.map((b) => [CANCELLATION_WORDS[b.Bucket], b.Count === null ? hidden : b.Count]) }} />
    </SimpleGrid>
  );
}
