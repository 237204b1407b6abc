import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { parseDrawableJson } from '../../../domain/layout/drawable.js';
import { ApiError } from '../../app/api.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { Panel } from '../../app/shell/Panel.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { EditorScreen } from './EditorScreen.js';
import { editorPath } from '../../../domain/wire/screenCalls.js';
import { loadLatestLayout, startNewLayout } from './layoutApi.js';
import { EDITOR_MIN_WIDTH_QUERY } from './smallScreen.js';

// Only phones need the booking view's map: fetched then, not with every desktop editor.
const SmallScreenNotice = lazy(() => import('./SmallScreenNotice.js').then((m) => ({ default: m.SmallScreenNotice })));
import { errorText } from './useLayoutPersistence.js';

export const LOAD_FAILED = 'Unable to load layout';


/**
 * /admin/layoutEditor/floorplan/{floorplanId}/{layoutId} (SPEC 2.8, 4 'Layout editing').
 * Opens the floorplan's latest layout: an unpublished one directly; a published one first offers
 * Use Previous Layout (a copy) or Start Blank. A signed-out visitor is sent home. A phone gets a
 * notice and a read-only view instead (issue 21).
 */
export function LayoutEditorPage() {
  const params = useParams();
  const floorplanId = Number(params['floorplanId']);
  const layoutId = Number(params['layoutId']);
  const navigate = useNavigate();
  const latest = useQuery({
    queryKey: ['floorplans', floorplanId, 'latestLayout', layoutId],
    queryFn: () => loadLatestLayout(floorplanId),
    enabled: Number.isInteger(floorplanId) && floorplanId > 0,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const drawing = useMemo(() => parseDrawableJson(latest.data?.Json), [latest.data]);
  // Read at once (not in an effect): a phone must never mount the editor, even for one frame.
  const smallScreen = useMediaQuery(EDITOR_MIN_WIDTH_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const signedOut = latest.error instanceof ApiError && latest.error.status === 401;
  useEffect(() => {
    if (signedOut) void navigate('/', { replace: true });
  }, [signedOut, navigate]);
  useEffect(() => {
    if (latest.error && !signedOut) console.error(LOAD_FAILED, latest.error);
  }, [latest.error, signedOut]);

  if (!Number.isInteger(floorplanId) || floorplanId <= 0 || signedOut) return <LoadFailed />;
  if (latest.isPending) return <LoadingState what="the layout" minHeight={300} />;
  if (latest.error || !latest.data || !drawing) return <LoadFailed onRetry={latest.error ? () => void latest.refetch() : undefined} />;
  const layout = latest.data;
  if (smallScreen) {
    return (
      <Suspense fallback={<LoadingState what="the layout" minHeight={300} />}>
        <SmallScreenNotice floorplanName={layout.FloorplanName} drawing={drawing} />
      </Suspense>
    );
  }
  if (layout.Published) return <StartNewLayout floorplanId={floorplanId} floorplanName={layout.FloorplanName} />;
  // Only the newest layout can change: an address naming an older one opens the newest.
  if (layout.Id !== layoutId) return <Navigate to={editorPath(floorplanId, layout.Id)} replace />;
  return <EditorScreen key={layout.Id} layout={layout} drawing={drawing} />;
}

/** `onRetry` when asking again may help (the call failed), not for an address that names no floorplan. */
function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      <ErrorBar message={LOAD_FAILED} />
      <Panel>
        <Group>
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
          <Button variant="default" onClick={() => void navigate('/')}>Home</Button>
        </Group>
      </Panel>
    </>
  );
}

/** The latest layout is published: editing starts a new layout (SPEC 4). */
function StartNewLayout({ floorplanId, floorplanName }: { floorplanId: number; floorplanName: string }) {
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (fromPrevious: boolean) => startNewLayout(floorplanId, fromPrevious),
    onSuccess: (created) => void navigate(editorPath(created.floorplanId, created.layoutId), { replace: true }),
  });
  return (
    <Panel>
      <PageHeading>{`Layout editor: ${floorplanName}`}</PageHeading>
      <Paper withBorder p="lg">
        <Stack>
          <Title order={2} size="h4">This floorplan&apos;s latest layout is published</Title>
          <Text>
            A published layout is not changed, so people&apos;s bookings stay as they were. Start a new layout: a copy of the
            published one (desks keep their identity, so their bookings stay attached) or a blank one. It is a draft until you publish it.
          </Text>
          {create.error && <ErrorBar message={`Unable to create new floorplan layout: ${errorText(create.error)}`} />}
          <Group>
            <Button onClick={() => create.mutate(true)} loading={create.isPending && create.variables === true} disabled={create.isPending}>
              Use Previous Layout
            </Button>
            <Button variant="default" onClick={() => create.mutate(false)} loading={create.isPending && create.variables === false}
              disabled={create.isPending}>
              Start Blank
            </Button>
            <Button variant="subtle" onClick={() => void navigate('/')}>Home</Button>
          </Group>
        </Stack>
      </Paper>
    </Panel>
  );
}
