import { Alert, Button, Divider, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { signInErrorMessage } from '../../../domain/oidcLink.js';
import { api, ApiError } from '../../app/api.js';
import { safeReturnTo } from '../../app/publicPaths.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { OidcButton } from './OidcButton.js';
import { useProviders } from './useProviders.js';
import { useSignedIn } from './useSignedIn.js';

/** Sign-in: local account form, plus the organisation's identity provider when one is configured. */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const providers = useProviders();
  const signedIn = useSignedIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  // Sent here by the single sign-on callback when it signed no one in (?error=...).
  const ssoError = signInErrorMessage(params.get('error'));
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      email: email.trim() ? undefined : 'Please enter your e-mail address',
      password: password ? undefined : 'Please enter your password',
    };
    setFieldErrors(missing);
    setError(null);
    if (missing.email || missing.password) return;
    setBusy(true);
    try {
      await api.post('/auth/login', { email: email.trim(), password });
      signedIn(returnTo);
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : 'The server cannot be reached. Please try again.');
      setBusy(false);
    }
  };

  const oidc = providers.data?.oidc;
  return (
    <Panel>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={440} mx="auto">
        <PageHeading>Sign in</PageHeading>
        <Stack gap="md">
          {oidc && (
            <>
              <OidcButton label={oidc.label} returnTo={returnTo} />
              <Divider label="or with a Hotdesk account" labelPosition="center" />
            </>
          )}
          {ssoError && <Alert color="red" role="alert" title="Single sign-on could not sign you in">{ssoError}</Alert>}
          {providers.data?.setupPending && (
            <Alert color="blue" title="First start">
              No administrator exists yet. Open the one-time setup link printed by the server when it started.
            </Alert>
          )}
          {error && <Alert color="red" role="alert" title="Could not sign you in">{error}</Alert>}
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="sm">
              <TextInput label="E-mail address" type="email" autoComplete="username" required
                value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={fieldErrors.email} />
              <PasswordInput label="Password" autoComplete="current-password" required
                value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={fieldErrors.password} />
              <Button type="submit" size="md" loading={busy} mt="xs">Sign in</Button>
            </Stack>
          </form>
          <Text size="sm" c="dimmed">Forgotten your password? Ask your organisation&apos;s Hotdesk administrator or IT service desk.</Text>
        </Stack>
      </Paper>
    </Panel>
  );
}
