/**
 * The heatmap's bands: five shades of one hue from light (little used) to dark (much used), and a grey
 * hatch for desks whose figure is suppressed. Each band is named in the legend and in every desk's
 * accessible name, so the colour is never the only way to tell (WCAG 1.4.1).
 */
export interface Band { upTo: number; fill: string; words: string }

export const BANDS: Band[] = [
  { upTo: 0.2, fill: '#e7f5ff', words: 'under 20%' },
  { upTo: 0.4, fill: '#a5d8ff', words: '20% to 40%' },
  { upTo: 0.6, fill: '#4dabf7', words: '40% to 60%' },
  { upTo: 0.8, fill: '#1c7ed6', words: '60% to 80%' },
  { upTo: Infinity, fill: '#0b4f8a', words: '80% or more' },
];
export const SUPPRESSED_FILL = '#ced4da';

export const bandOf = (rate: number): Band => BANDS.find((b) => rate < b.upTo) ?? BANDS[BANDS.length - 1]!;
