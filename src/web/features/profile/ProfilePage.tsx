import { Alert, Avatar, Badge, Button, FileInput, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { canSaveProfile, PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_TYPES, profileProblems } from '../../../domain/adminRules.js';
import { api, ApiError } from '../../app/api.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { SETTINGS_QUERY_KEY } from '../../app/useSettings.js';
import { HideNameSwitch } from './HideNameSwitch.js';
import { InvitationsSwitch } from './InvitationsSwitch.js';

type Photo = { Type: string; Data: string } | null;

const readPhoto = (file: File): Promise<Photo> => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve({ Type: file.type, Data: String(reader.result).replace(/^data:[^,]*,/, '') });
  reader.onerror = () => reject(reader.error);
  reader.readAsDataURL(file);
});

/** My Profile (any signed-in person): POST /api/users/me; e-mail, teams and tags are shown, not edited. */
export function ProfilePage() {
  const { settings } = useLoadedSettings();
  const p = settings.Profile;
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState(p.FullName);
  const [organisation, setOrganisation] = useState(p.Organisation);
  const [phone, setPhone] = useState(p.Phone);
  // A profile never completed has no Teams answer yet: the person must choose (SPEC 5).
  const [useTeams, setUseTeams] = useState<boolean | null>(p.Organisation === '' && p.Phone === '' ? null : p.UseTeams);
  const [photo, setPhoto] = useState<Photo>(p.Photo);
  const [photoChanged, setPhotoChanged] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [hideName, setHideName] = useState(p.HideNameOnMap ?? false);

  const draft = { FullName: fullName, Organisation: organisation, Phone: phone, UseTeams: useTeams };
  const problems = profileProblems(draft);
  const save = useMutation({
    mutationFn: () => api.post<{ Success: boolean; Error?: string }>('/api/users/me', { ...draft, HideNameOnMap: hideName, ...(photoChanged ? { Photo: photo } : {}) }),
    onSuccess: async (r) => {
      if (!r.Success) throw new Error(r.Error ?? 'Unable to save your profile');
      setPhotoChanged(false);
      await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      notifications.show({ color: 'green', title: 'Saved', message: 'Your profile has been saved.' });
    },
  });

  const choosePhoto = async (file: File | null) => {
    setPhotoError(null);
    if (!file) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) { setPhotoError(PHOTO_MESSAGES.type); return; }
    if (file.size > PHOTO_MAX_BYTES) { setPhotoError(PHOTO_MESSAGES.size); return; }
    setPhoto(await readPhoto(file));
    setPhotoChanged(true);
  };
  const submit = (e: FormEvent) => { e.preventDefault(); if (canSaveProfile(draft)) save.mutate(); };
  const saveError = save.error instanceof ApiError ? save.error.serverMessage : save.error?.message;

  return (
    <Panel>
      <PageHeading>My Profile</PageHeading>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
        <Stack>
          <Group align="flex-end">
            <Avatar size={72} radius="xl" src={photo ? `data:${photo.Type};base64,${photo.Data}` : null} alt={photo ? 'Your photo' : ''}>
              {fullName.trim().slice(0, 1).toUpperCase()}
            </Avatar>
            <FileInput label="Photo" description="PNG, JPEG, GIF or WebP, at most 256 KB" accept={PHOTO_TYPES.join(',')}
              onChange={(f) => void choosePhoto(f)} error={photoError} clearable={false} w={{ base: '100%', sm: 300 }} />
            {photo && <Button variant="subtle" color="red" onClick={() => { setPhoto(null); setPhotoChanged(true); }}>Remove photo</Button>}
          </Group>
          <TextInput label="Full name" required value={fullName} onChange={(e) => setFullName(e.currentTarget.value)} error={fullName.trim() === '' ? problems.FullName : undefined} autoComplete="name" />
          <TextInput label="E-mail" value={p.Email} readOnly description="Your e-mail address comes from your sign-in and cannot be changed here." />
          <TextInput label="Organisation" required value={organisation} onChange={(e) => setOrganisation(e.currentTarget.value)} autoComplete="organization" />
          <TextInput label="Phone" required type="tel" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} autoComplete="tel" />
          <Radio.Group label="Do you use Microsoft Teams?" required value={useTeams === null ? null : useTeams ? 'yes' : 'no'} onChange={(v) => setUseTeams(v === 'yes')}>
            <Group mt="xs"><Radio value="yes" label="Yes" /><Radio value="no" label="No" /></Group>
          </Radio.Group>
          <div>
            <Text size="sm" fw={500}>Teams</Text>
            <Text size="xs" c="dimmed">Team membership is managed by an administrator.</Text>
            <Group gap="xs" mt={4}>{p.Teams.length ? p.Teams.map((t) => <Badge key={t.Id} variant="light">{t.Name ?? `Team ${t.Id}`}</Badge>) : <Text size="sm">None</Text>}</Group>
          </div>
          <HideNameSwitch checked={hideName} onChange={setHideName} />
          <InvitationsSwitch />
          <div>
            <Text size="sm" fw={500}>Tags</Text>
            <Group gap="xs" mt={4}>{p.Tags.length ? p.Tags.map((t) => <Badge key={t.Id} variant="outline" title={t.Tooltip || undefined}>{t.Label}</Badge>) : <Text size="sm">None</Text>}</Group>
          </div>
          {save.isError && <Alert color="red" role="alert">{saveError}</Alert>}
          {!canSaveProfile(draft) && <Text size="sm" c="dimmed" id="profile-save-hint">Full name, organisation, phone and the Teams question are needed to save.</Text>}
          <Group justify="space-between">
            <BackToMenu />
            <Button type="submit" disabled={!canSaveProfile(draft)} loading={save.isPending} aria-describedby={canSaveProfile(draft) ? undefined : 'profile-save-hint'}>Save</Button>
          </Group>
        </Stack>
      </Paper>
    </Panel>
  );
}
