/// <reference types="vite/client" />

// Every dayjs locale file, each its own small chunk (~1 kB). This table of loaders is itself ~3 kB
// compressed, so it lives in this module, which useDatesSettings imports only for a non-English
// browser: an English one never downloads it (issue 19, point 7: the room page's first load).
const DAYJS_LOCALES = import.meta.glob('/node_modules/dayjs/locale/*.js');

/** dayjs's name for a BCP 47 tag ('de-DE' -> 'de-de' if dayjs has it, else 'de'), or null. */
function dayjsName(tag: string): string | null {
  const lower = tag.toLowerCase();
  const names = [lower, lower.split('-')[0]!];
  return names.find((n) => `/node_modules/dayjs/locale/${n}.js` in DAYJS_LOCALES) ?? null;
}

/** Loads dayjs's file for the language of `tag` and answers its dayjs name; null when dayjs has none. */
export async function loadDayjsLocale(tag: string): Promise<string | null> {
  const name = dayjsName(tag);
  if (name) await DAYJS_LOCALES[`/node_modules/dayjs/locale/${name}.js`]!();
  return name;
}
