import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isValidEmail } from '../../../domain/email.js';
import type { PersonRef } from '../../../domain/wire/people.js';
import { ApiError } from '../../app/api.js';
import { preRegister } from './userManagementApi.js';

/** Pre-register a person (POST /api/users) so roles, tags and teams can be given before their first sign-in. */
export function PreRegisterDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (p: PersonRef) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useMutation({
    mutationFn: () => preRegister({ Email: email.trim(), FullName: name.trim(), ...(password ? { Password: password } : {}) }),
    onSuccess: (p) => {
      notifications.show({ color: 'green', title: 'Person added', message: `${p.FullName} (${p.Email}) can now be given roles, tags and teams.` });
      onCreated(p);
    },
  });
  const emailError = touched && !isValidEmail(email) ? 'Please enter a valid email' : undefined;
  const nameError = touched && name.trim() === '' ? 'Full name is mandatory' : undefined;
  const passwordError = touched && password !== '' && password.length < 8 ? 'Password must be at least 8 characters' : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (isValidEmail(email) && name.trim() !== '' && (password === '' || password.length >= 8)) create.mutate();
  };
  return (
    <Modal opened onClose={onClose} title="Pre-register a person" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="E-mail" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={emailError} autoComplete="off" />
          <TextInput label="Full name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} autoComplete="off" />
          <PasswordInput label="Password (optional)" description="Only for sign-in with a local account; leave empty when people sign in with their organisation account."
            value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={passwordError} autoComplete="new-password" />
          {create.isError && <Alert color="red" role="alert">Unable to add the person: {create.error instanceof ApiError ? create.error.serverMessage : 'the server cannot be reached'}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={create.isPending}>Add person</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
