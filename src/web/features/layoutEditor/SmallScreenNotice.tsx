import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Drawing } from '../../../domain/layout/drawing.js';
import { FloorplanViewer } from '../../floorplan/view/FloorplanViewer.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { deskNameLabels } from './deskNameLabels.js';

/**
 * What a phone gets instead of the editor: why, and the layout as it is, read-only, in the booking
 * view's map (pan and pinch work; nothing can change), with the desks' names drawn on them once they
 * can be read, as the booking map does. No autosave or local draft runs here.
 */
export function SmallScreenNotice({ floorplanName, drawing }: { floorplanName: string; drawing: Drawing }) {
  const navigate = useNavigate();
  const labels = useMemo(() => deskNameLabels(drawing.desks), [drawing.desks]);
  return (
    <Panel>
      <PageHeading>{`Layout editor: ${floorplanName}`}</PageHeading>
      <Stack gap="md">
        <Alert color="blue" title="The layout editor needs a larger screen" data-editor-small-screen="">
          <Text size="sm">
            Drawing and placing desks needs a screen at least 768 pixels wide: open this page on a computer or a tablet held
            sideways. Below is the layout as it is now, to look at only.
          </Text>
        </Alert>
        <FloorplanViewer drawing={drawing} height="60vh" label="Layout (read-only)" showLegend={false} labels={labels} />
        <Button variant="default" onClick={() => void navigate('/')} style={{ alignSelf: 'flex-start' }}>Home</Button>
      </Stack>
    </Panel>
  );
}
