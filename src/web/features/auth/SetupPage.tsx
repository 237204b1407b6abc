import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { api, ApiError } from '../../app/api.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useSignedIn } from './useSignedIn.js';

type Field = 'email' | 'fullName' | 'password';
const MIN_PASSWORD = 8; // the server's rule (src/server/auth/passwords.ts); it checks again

/** First start: the person holding the one-time setup link creates the administrator account. */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSignedIn();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', fullName: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bind = (f: Field) => ({
    value: values[f],
    error: fieldErrors[f],
    // Read the value now: the updater runs later, when React has already cleared the event's currentTarget.
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [f]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (!/^[^\s@]+@[^\s@]+$/.test(values.email.trim())) errors.email = 'Please enter a valid email';
    if (!values.fullName.trim()) errors.fullName = 'Full name is mandatory';
    if (values.password.length < MIN_PASSWORD) errors.password = `Password must be at least ${MIN_PASSWORD} characters`;
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await api.post('/auth/setup', { token, email: values.email.trim(), fullName: values.fullName.trim(), password: values.password });
      signedIn('/menu');
    } catch (err) {
      if (err instanceof ApiError) {
        setFieldErrors((err.fieldErrors ?? {}) as Partial<Record<Field, string>>);
        setError(err.serverMessage);
      } else {
        setError('The server cannot be reached. Please try again.');
      }
      setBusy(false);
    }
  };

  return (
    <Panel>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto">
        <PageHeading>Set up Hotdesk</PageHeading>
        {!token ? (
          <Alert color="red" role="alert" title="No setup link">
            This page needs the one-time setup link the server printed when it first started. Copy the whole link into the address bar.
          </Alert>
        ) : (
          <Stack gap="md">
            <Text>Create the first administrator account. You can add everyone else afterwards.</Text>
            {error && <Alert color="red" role="alert" title="Could not create the account">{error}</Alert>}
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Stack gap="sm">
                <TextInput label="E-mail address" type="email" autoComplete="username" required {...bind('email')} />
                <TextInput label="Full name" autoComplete="name" required {...bind('fullName')} />
                <PasswordInput label="Password" autoComplete="new-password" required
                  description={`At least ${MIN_PASSWORD} characters.`} {...bind('password')} />
                <Button type="submit" size="md" loading={busy} mt="xs">Create administrator</Button>
              </Stack>
            </form>
          </Stack>
        )}
      </Paper>
    </Panel>
  );
}
