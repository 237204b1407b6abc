import { Button } from '@mantine/core';
import { withBase } from '../../app/basePath.js';

/** Full-page navigation: the server runs the OpenID Connect round trip and comes back to returnTo. */
export function OidcButton({ label, returnTo }: { label: string; returnTo: string }) {
  const href = withBase(`/auth/oidc/start?returnTo=${encodeURIComponent(withBase(returnTo))}`);
  return <Button component="a" href={href} size="md" fullWidth variant="outline">{label}</Button>;
}
