/**
 * IANA zones the browser knows, for the site's time zone select. A saved zone the browser does not
 * list (an alias such as 'Europe/Kiev') is kept as an option so editing never changes it silently.
 */
export function timeZoneOptions(saved: string): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const all = saved && !zones.includes(saved) ? [saved, ...zones] : zones;
  return [
    { value: '', label: "Organisation default" },
    ...all.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })),
  ];
}
