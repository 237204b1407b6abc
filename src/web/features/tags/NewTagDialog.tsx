import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TagType } from '../../../domain/orgAccess.js';
import type { Tag } from '../../../domain/wire/tags.js';
import { ApiError } from '../../app/api.js';
import { createTag } from './tagsApi.js';
import { LABEL_MANDATORY, NO_TOOLTIP_PLACEHOLDER, SELECT_TAG_TYPE, TAG_TYPE_OPTIONS, tagTypeFrom } from './tagTypes.js';
import { DialogFrame } from '../sites/DialogFrame.js';

/**
 * The New Tag dialog (SPEC 2.9): Label, an optional Tooltip, and a Type that must be chosen
 * ('Select a tag type', SPEC 5). Rendered only while open, so each opening starts fresh.
 */
export function NewTagDialog({ initialLabel = '', initialType = null, onClose, onCreated }: {
  initialLabel?: string;
  initialType?: TagType | null;
  onClose: () => void;
  onCreated: (tag: Tag) => void;
}) {
  const [label, setLabel] = useState(initialLabel);
  const [tooltip, setTooltip] = useState('');
  const [type, setType] = useState<TagType | null>(initialType);
  const [tried, setTried] = useState(false);
  const create = useMutation({ mutationFn: createTag, onSuccess: (tag) => { onCreated(tag); onClose(); } });

  const fieldErrors = create.error instanceof ApiError ? create.error.fieldErrors ?? {} : {};
  const labelError = tried && label.trim() === '' ? LABEL_MANDATORY : fieldErrors['Label'];
  const typeError = tried && type === null ? SELECT_TAG_TYPE : fieldErrors['Type'];

  const submit = (e: FormEvent) => {
    // The dialog may sit inside another form (an editor): its submit must not save that form.
    e.preventDefault();
    e.stopPropagation();
    setTried(true);
    if (label.trim() === '' || type === null) return;
    create.mutate({ Label: label.trim(), Tooltip: tooltip.trim(), Type: type });
  };

  return (
    <DialogFrame opened onClose={onClose} title="New Tag">
      <form onSubmit={submit} noValidate>
        <Stack>
          {create.error && <Alert color="red" role="alert">{`Unable to save tag: ${create.error.message}`}</Alert>}
          <TextInput label="Label" value={label} onChange={(e) => setLabel(e.currentTarget.value)} maxLength={100}
            error={labelError} withAsterisk data-autofocus />
          <TextInput label="Tooltip" value={tooltip} onChange={(e) => setTooltip(e.currentTarget.value)} maxLength={500}
            placeholder={NO_TOOLTIP_PLACEHOLDER} />
          <Select label="Type" placeholder={SELECT_TAG_TYPE} data={TAG_TYPE_OPTIONS} value={type === null ? null : String(type)}
            onChange={(v) => setType(tagTypeFrom(v))} error={typeError} withAsterisk allowDeselect={false} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={create.isPending}>Save</Button>
          </Group>
        </Stack>
      </form>
    </DialogFrame>
  );
}
