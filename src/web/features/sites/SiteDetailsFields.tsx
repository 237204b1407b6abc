import { Fieldset, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { PostCodeMapLink } from './PostCodeMapLink.js';
import { titleError, type SiteDraft } from './siteForm.js';
import { timeZoneOptions } from './timeZones.js';

type Set = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => void;

/** Title, address, post code (with the map link), description, notes and time zone. */
export function SiteDetailsFields({ draft, set, savedTimeZone }: { draft: SiteDraft; set: Set; savedTimeZone: string }) {
  // The title error shows once the person has been in the field (Save stays disabled meanwhile).
  const [titleTouched, setTitleTouched] = useState(false);
  const zones = useMemo(() => timeZoneOptions(savedTimeZone), [savedTimeZone]);
  return (
    <Fieldset legend="Site details">
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk value={draft.Title} maxLength={200}
          onChange={(e) => set('Title', e.currentTarget.value)} onBlur={() => setTitleTouched(true)}
          error={titleTouched ? titleError(draft) : null} />
        <Textarea label="Address" value={draft.Address} onChange={(e) => set('Address', e.currentTarget.value)} autosize minRows={2} maxLength={1000} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Post code" value={draft.PostCode} onChange={(e) => set('PostCode', e.currentTarget.value)} maxLength={50} />
          <Select label="Time zone" data={zones} value={draft.TimeZone} onChange={(v) => set('TimeZone', v ?? '')}
            searchable allowDeselect={false} nothingFoundMessage="No time zone matches" limit={400} />
        </SimpleGrid>
        <PostCodeMapLink postCode={draft.PostCode} />
        <Textarea label="Description" value={draft.Description} onChange={(e) => set('Description', e.currentTarget.value)} autosize minRows={2} maxLength={4000} />
        <Textarea label="Notes" description="Shown to people booking desks at this site." value={draft.Notes}
          onChange={(e) => set('Notes', e.currentTarget.value)} autosize minRows={2} maxLength={4000} />
      </Stack>
    </Fieldset>
  );
}
