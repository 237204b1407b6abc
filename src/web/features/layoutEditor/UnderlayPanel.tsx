/**
 * The plan image panel (issue 21, "Trace the real plan"): bring in the building's plan, then place,
 * scale (two points of known distance, or a width in metres), rotate, fade, lock, hide it, and choose
 * whether people booking see it. Every change is one drawing change (one undo step) through
 * editor.replaceWith; the drawing carries the underlay to the server with the next save or publish.
 */
import { Alert, Button, FileButton, Group, NumberInput, Slider, Stack, Switch, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { Drawing } from '../../../domain/layout/drawing.js';
import { UNDERLAY_ACCEPT, UNDERLAY_LIMITS, UNITS_PER_METRE, type Underlay } from '../../../domain/layout/underlay.js';
import { calibrateUnderlay, newUnderlay, type Point } from '../../../domain/layout/underlayGeometry.js';
import type { Editor, EditorState } from '../../floorplan/engine/editor.js';
import { CalibrationMarks, useCalibrationClicks, visibleTopLeft } from '../../floorplan/view/UnderlayCalibration.js';
import { ApiError } from '../../app/api.js';
import { isPdf, PdfPlanError, renderPdfFirstPage } from './pdfFirstPage.js';
import { tooBigMessage, uploadUnderlay } from './UnderlayUpload.js';

const withUnderlay = (drawing: Drawing, underlay: Underlay | undefined): Drawing => {
  const { underlay: _old, ...rest } = drawing;
  return underlay ? { ...rest, underlay } : rest;
};

export function UnderlayPanel({ editor, state, floorplanId }: { editor: Editor; state: EditorState; floorplanId: number }) {
  const underlay = state.drawing.underlay;
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const commit = useCallback((next: Underlay | undefined) => {
    editor.replaceWith(withUnderlay(editor.getState().drawing, next));
  }, [editor]);
  const patch = (p: Partial<Underlay>) => underlay && commit({ ...underlay, ...p });

  const onFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const tooBig = tooBigMessage(file);
    if (tooBig) return setError(tooBig);
    setUploading(true);
    try {
      // A PDF plan becomes its first page as a PNG here in the browser; the server takes images only.
      const image = await uploadUnderlay(floorplanId, (await isPdf(file)) ? await renderPdfFirstPage(file) : file);
      // A replacement keeps the old one's place, scale and choices; a first image goes where the view is.
      const fresh = newUnderlay(image.Id, { width: image.Width, height: image.Height }, visibleTopLeft());
      commit(underlay
        ? { ...underlay, imageId: image.Id, height: underlay.width * (image.Height / image.Width) }
        : fresh);
    } catch (e) {
      setError(e instanceof PdfPlanError ? `The image was not added: ${e.message}`
        : e instanceof ApiError ? `The image was not added: ${e.serverMessage}` : 'The image was not added: the server could not be reached');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="underlay-panel">
      <Text size="sm">
        Bring in the building&apos;s plan (PNG, JPEG, SVG, or the first page of a PDF; up to 10 MB) and trace walls
        and desks over it.
      </Text>
      <Group gap="xs">
        <FileButton onChange={(f) => void onFile(f)} accept={UNDERLAY_ACCEPT}>
          {(props) => <Button {...props} size="sm" loading={uploading}>{underlay ? 'Replace image…' : 'Choose plan image…'}</Button>}
        </FileButton>
        {underlay && <Button size="sm" variant="default" color="red" onClick={() => commit(undefined)}>Remove</Button>}
      </Group>
      {error && <Alert color="red" role="alert" title="Plan image" withCloseButton closeButtonLabel="Dismiss the message" onClose={() => setError(null)}>{error}</Alert>}
      {underlay && <UnderlayControls key={underlay.imageId} underlay={underlay} zoom={state.zoom} patch={patch} commit={commit} />}
    </Stack>
  );
}

interface ControlsProps {
  underlay: Underlay;
  zoom: number;
  patch: (p: Partial<Underlay>) => void;
  commit: (u: Underlay) => void;
}

function UnderlayControls({ underlay, zoom, patch, commit }: ControlsProps) {
  // The slider moves freely while dragged; the drawing changes once, on release (one undo step).
  const stored = Math.round(underlay.opacity * 100);
  const [opacity, setOpacity] = useState(stored);
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    // Undo, redo or a restored draft changed it: show that.
    setSeen(stored);
    setOpacity(stored);
  }
  const fixed = underlay.locked;
  return (
    <Stack gap="sm">
      <Switch label="Show in the editor" checked={!underlay.hidden} onChange={(e) => patch({ hidden: !e.currentTarget.checked })} />
      <Switch label="Show faintly to people booking desks" checked={underlay.showInBookingView}
        onChange={(e) => patch({ showInBookingView: e.currentTarget.checked })} />
      <Switch label="Lock position and scale" checked={underlay.locked} onChange={(e) => patch({ locked: e.currentTarget.checked })} />
      <div>
        <Text size="sm" fw={500}>Opacity: {opacity} %</Text>
        <Slider thumbLabel="Opacity" min={UNDERLAY_LIMITS.minOpacity * 100} max={100} step={5} value={opacity}
          onChange={setOpacity} onChangeEnd={(v) => patch({ opacity: v / 100 })} label={(v) => `${v} %`} />
      </div>
      <Group grow gap="xs">
        <CommitNumber label="X" value={underlay.x} disabled={fixed} onCommit={(x) => patch({ x })} />
        <CommitNumber label="Y" value={underlay.y} disabled={fixed} onCommit={(y) => patch({ y })} />
      </Group>
      <Group grow gap="xs" align="flex-end">
        <CommitNumber label="Width (m)" value={underlay.width / UNITS_PER_METRE} disabled={fixed} min={0.1} decimals={2}
          onCommit={(m) => {
            const width = m * UNITS_PER_METRE;
            if (width > 0 && width <= UNDERLAY_LIMITS.maxSize) patch({ width, height: underlay.height * (width / underlay.width) });
          }} />
        <CommitNumber label="Rotation (°)" value={underlay.rotation} disabled={fixed} min={0} max={359.9} decimals={1}
          onCommit={(r) => patch({ rotation: ((r % 360) + 360) % 360 })} />
      </Group>
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={fixed} onClick={() => patch({ rotation: (underlay.rotation + 270) % 360 })}>Rotate left 90°</Button>
        <Button size="xs" variant="default" disabled={fixed} onClick={() => patch({ rotation: (underlay.rotation + 90) % 360 })}>Rotate right 90°</Button>
      </Group>
      <Calibration underlay={underlay} zoom={zoom} commit={commit} />
    </Stack>
  );
}

/** A number field that changes the drawing when left or on Enter (one undo step), not on each key. */
function CommitNumber({ label, value, disabled, min, max, decimals = 0, onCommit }: {
  label: string; value: number; disabled?: boolean; min?: number; max?: number; decimals?: number; onCommit: (v: number) => void;
}) {
  const shown = Number(value.toFixed(decimals));
  const [text, setText] = useState<string | number>(shown);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setText(shown);
  }
  const done = () => {
    const v = typeof text === 'number' ? text : Number.parseFloat(text);
    if (Number.isFinite(v) && v !== shown) onCommit(v);
    else setText(shown);
  };
  return (
    <NumberInput size="xs" label={label} value={text} onChange={setText} onBlur={done} disabled={disabled} min={min} max={max}
      decimalScale={decimals} onKeyDown={(e) => { if (e.key === 'Enter') done(); }} />
  );
}

type Step = { kind: 'idle' } | { kind: 'picking'; points: Point[] };

/** "This wall is 12 m": two clicks on the plan, then the real distance between them. */
function Calibration({ underlay, zoom, commit }: { underlay: Underlay; zoom: number; commit: (u: Underlay) => void }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [metres, setMetres] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const points = step.kind === 'picking' ? step.points : [];
  const onPoints = useCallback((p: Point[]) => setStep({ kind: 'picking', points: p }), []);
  useCalibrationClicks(step.kind === 'picking', points, onPoints);
  const stop = () => { setStep({ kind: 'idle' }); setError(null); setMetres(''); };

  if (step.kind === 'idle') {
    const why = underlay.locked ? 'Unlock the image to calibrate it.' : underlay.hidden ? 'Show the image to calibrate it.' : null;
    return (
      <Stack gap={4}>
        <Button size="sm" variant="light" disabled={why !== null} onClick={() => setStep({ kind: 'picking', points: [] })}>Calibrate scale…</Button>
        <Text size="xs" c="dimmed">{why ?? 'Click both ends of a wall you know the length of, then type it. A desk is 1.6 m.'}</Text>
      </Stack>
    );
  }
  const apply = () => {
    const [a, b] = points;
    if (!a || !b) return;
    const result = calibrateUnderlay(underlay, a, b, typeof metres === 'number' ? metres : Number.parseFloat(metres));
    if (!result.ok) return setError(result.error);
    commit(result.underlay);
    stop();
  };
  return (
    <Stack gap="xs" p="xs" style={{ border: '1px solid var(--mantine-color-red-4)', borderRadius: 4 }} aria-live="polite">
      <CalibrationMarks points={points} zoom={zoom} />
      <Text size="sm" fw={600} data-testid="calibration-step">
        {points.length === 0 ? 'Click the first point on the plan' : points.length === 1 ? 'Click the second point on the plan' : 'Type the real distance between the two points'}
      </Text>
      {points.length === 2 && (
        <NumberInput size="sm" label="Real distance (m)" value={metres} onChange={setMetres} min={0.01} decimalScale={2} autoFocus
          onKeyDown={(e) => { if (e.key === 'Enter') apply(); }} error={error ?? undefined} />
      )}
      <Group gap="xs">
        {points.length === 2 && <Button size="xs" onClick={apply}>Apply scale</Button>}
        {points.length > 0 && <Button size="xs" variant="default" onClick={() => { setError(null); setStep({ kind: 'picking', points: [] }); }}>Pick again</Button>}
        <Button size="xs" variant="subtle" onClick={stop}>Cancel</Button>
      </Group>
    </Stack>
  );
}
