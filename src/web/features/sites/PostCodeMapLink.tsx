import { Anchor, Paper, Text } from '@mantine/core';
import { mapSearchUrl, showsMapPreview } from './siteForm.js';

/**
 * The site's map preview (SPEC 5: only from 6 characters of post code). The CSP forbids third-party
 * frames and scripts, so the preview is a box with a link to OpenStreetMap's search, not an embed.
 */
export function PostCodeMapLink({ postCode }: { postCode: string }) {
  if (!showsMapPreview(postCode)) return null;
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)" data-testid="map-preview">
      <Text size="sm" fw={500}>Map preview</Text>
      <Anchor href={mapSearchUrl(postCode)} target="_blank" rel="noopener noreferrer" size="sm">
        {`Show ${postCode.trim()} on OpenStreetMap (opens in a new tab)`}
      </Anchor>
    </Paper>
  );
}
