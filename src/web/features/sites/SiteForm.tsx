import { Alert, Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TAG_TYPE } from '../../../domain/orgAccess.js';
import type { Site } from '../../../domain/wire/sites.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { SETTINGS_QUERY_KEY } from '../../app/useSettings.js';
import { ConstraintFields } from '../constraints/index.js';
import { PersonPicker, RestrictionSection, TeamPicker } from '../restrictions/index.js';
import { TagPicker, usePlaceTags } from '../tags/index.js';
import { messageOf, reasonOf, statusTextOf } from './errorText.js';
import { SiteBookingFields } from './SiteBookingFields.js';
import { SiteDetailsFields } from './SiteDetailsFields.js';
import { dayHoursError, draftFromSite, emailError, inputFromDraft, titleError, type SiteDraft } from './siteForm.js';
import { createSite, siteKey, SITES_KEY, SITES_PATH, updateSite } from './sitesApi.js';
import { notifyDone, notifyFailed } from './notify.js';

/** The site editor's form, new (site null) or existing. Saving returns to the sites list. */
export function SiteForm({ site }: { site: Site | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SiteDraft>(() => draftFromSite(site));
  const set = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const tags = usePlaceTags('site', site?.Id ?? null);

  const save = useMutation({
    mutationFn: () => (site ? updateSite(site.Id, inputFromDraft(draft)) : createSite(inputFromDraft(draft))),
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SITES_KEY }),
        // Site admin lists may name the person editing: their profile flags can change (SPEC 6).
        queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
      ]);
      queryClient.setQueryData(siteKey(saved.Id), saved);
      try {
        await tags.save(saved.Id);
      } catch (err) {
        notifyFailed(`Site saved, but its tags could not be saved: ${messageOf(err)}`);
        return void navigate(`${SITES_PATH}/${saved.Id}/edit`, { replace: true });
      }
      notifyDone(`Site ${saved.Title} saved`);
      void navigate(SITES_PATH);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (titleError(draft) === null && dayHoursError(draft) === null) save.mutate();
  };

  const reason = save.error ? reasonOf(save.error) : null;
  const invalidEmail = emailError(draft) !== null;

  return (
    <>
      {save.error && <ErrorBar message={`Unable to save site: ${statusTextOf(save.error)}`} />}
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
        <Stack gap="lg">
          {reason && <Alert color="red" role="alert">{reason}</Alert>}
          <SiteDetailsFields draft={draft} set={set} savedTimeZone={site?.TimeZone ?? ''} />
          <SiteBookingFields draft={draft} set={set} />
          <ConstraintFields legend="Room booking limit" value={draft.roomConstraint} onChange={(c) => set('roomConstraint', c)}
            description="How far ahead rooms at this site may be booked, where a location sets no limit. 0 uses the global limit." />
          <ConstraintFields legend="Desk booking limit" value={draft.deskConstraint} onChange={(c) => set('deskConstraint', c)}
            description="How far ahead desks at this site may be booked, where a location sets no limit. 0 uses the global limit." />
          <RestrictionSection kind="room" value={draft.room} onChange={(v) => set('room', v)}
            help="Only the people and teams listed may book rooms at this site." />
          <RestrictionSection kind="desk" value={draft.desk} onChange={(v) => set('desk', v)} />
          <Fieldset legend="Site administrators">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">Site administrators see this site&apos;s calendar (Reception View).</Text>
              <PersonPicker label="Site admin people" value={draft.ResourceAdminUsers} onChange={(v) => set('ResourceAdminUsers', v)} />
              <TeamPicker label="Site admin teams" value={draft.ResourceAdminTeams} onChange={(v) => set('ResourceAdminTeams', v)} />
            </Stack>
          </Fieldset>
          <TagPicker label="Site tags" type={TAG_TYPE.Site} value={tags.tags} onChange={tags.setTags} loading={tags.loading} />
          {invalidEmail && <Text size="sm" c="red.8">The notification e-mail is not valid and will not be saved.</Text>}
          <Group justify="space-between">
            <BackToMenu to={SITES_PATH} label="Back to Sites" />
            <Button type="submit" disabled={titleError(draft) !== null || dayHoursError(draft) !== null} loading={save.isPending}>Save</Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
