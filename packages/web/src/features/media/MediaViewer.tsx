import type { MediaSummary } from '@anor/core';
import { ActionIcon, Box, Group, Loader, Switch, Text, Tooltip } from '@mantine/core';
import { IconArrowsMinimize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { select } from 'd3-selection';
import { type D3ZoomEvent, type ZoomBehavior, zoom, zoomIdentity } from 'd3-zoom';
import { type KeyboardEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/Modal.tsx';
import { handleZoomKey } from '../../lib/zoom-keys.ts';
import type { Area } from './crop-math.ts';
import { MediaImage } from './MediaImage.tsx';
import { mediaTitle } from './media-display.ts';
import { mediaFileUrl } from './media-src.ts';
import { mediaFilePath } from './queries.ts';
import { fitTransform, scaleLimits, ZOOM_STEP } from './viewer-math.ts';

function viewOf(stage: HTMLDivElement): Area {
  return { width: stage.clientWidth, height: stage.clientHeight };
}

interface MediaViewerProps {
  treeId: string;
  /** The image to show; null closes the viewer. */
  media: MediaSummary | null;
  onClose: () => void;
  /** Above the dialog it opens from (a citation's or record's, issue 22). */
  zIndex?: number;
}

/**
 * The full-screen image viewer: zoom (wheel, pinch, buttons, + and −), pan (drag, arrow keys), fit
 * (0), and the original at full resolution, to read a scanned church record. The image is laid out
 * at the original's size and d3-zoom moves one element's transform, so nothing re-renders while
 * panning, and switching to the original keeps the view where it is.
 */
export function MediaViewer({ treeId, media, onClose, zIndex }: MediaViewerProps) {
  const { t } = useTranslation();
  const title = media ? mediaTitle(media, t) : '';
  return (
    <Modal
      opened={media !== null}
      onClose={onClose}
      zIndex={zIndex}
      fullScreen
      title={title}
      closeButtonProps={{ 'aria-label': t('media.viewer.close') }}
      padding={0}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        header: { paddingInline: 'var(--mantine-spacing-md)' },
        body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
      }}
      data-testid="media-viewer"
    >
      {media ? <ViewerContent key={media.id} treeId={treeId} media={media} /> : null}
    </Modal>
  );
}

function ViewerContent({ treeId, media }: { treeId: string; media: MediaSummary }) {
  const { t } = useTranslation();
  const stageRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const behaviorRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const [base, setBase] = useState<Area | null>(
    media.width && media.height ? { width: media.width, height: media.height } : null,
  );
  const [scale, setScale] = useState<number | null>(null);
  const [isFullResolution, setIsFullResolution] = useState(false);
  const [isOriginalShown, setIsOriginalShown] = useState(false);
  const [isScreenLoaded, setIsScreenLoaded] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  useLayoutEffect(() => {
    const stage = stageRef.current;
    const layer = layerRef.current;
    if (!stage || !layer) return;
    const behavior = zoom<HTMLDivElement, unknown>()
      .extent(() => [
        [0, 0],
        [stage.clientWidth, stage.clientHeight],
      ])
      .on('zoom', (event: D3ZoomEvent<HTMLDivElement, unknown>) => {
        const { x, y, k } = event.transform;
        layer.style.transform = `translate(${x}px, ${y}px) scale(${k})`;
        setScale(k);
      });
    const selection = select(stage);
    selection.call(behavior);
    behaviorRef.current = behavior;
    return () => {
      selection.on('.zoom', null);
      behaviorRef.current = null;
    };
  }, []);

  const fit = useCallback(() => {
    const stage = stageRef.current;
    const behavior = behaviorRef.current;
    if (!stage || !behavior || !base) return;
    const { x, y, k } = fitTransform(base, viewOf(stage));
    behavior.transform(select(stage), zoomIdentity.translate(x, y).scale(k));
  }, [base]);

  // The image's size known (from the summary, or once the screen version has loaded): fit it.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage || !base) return;
    behaviorRef.current?.scaleExtent(scaleLimits(base, viewOf(stage)));
    fit();
  }, [base, fit]);

  const zoomBy = (factor: number) => {
    const stage = stageRef.current;
    if (stage) behaviorRef.current?.scaleBy(select(stage), factor);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    handleZoomKey(event, stageRef.current, behaviorRef.current, { zoomStep: ZOOM_STEP, fit });

  const imageStyle = {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    userSelect: 'none',
    pointerEvents: 'none',
  } as const;
  const percent = scale === null ? null : Math.round(scale * 100);
  const isLoadingOriginal = isFullResolution && !isOriginalShown && !hasFailed;

  return (
    <Box onKeyDown={handleKeyDown} style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Group gap="xs" px="md" pb="xs" justify="space-between" wrap="wrap">
        <Group gap={4}>
          <Tooltip label={t('media.viewer.zoomOut')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => zoomBy(1 / ZOOM_STEP)}
              aria-label={t('media.viewer.zoomOut')}
              data-testid="viewer-zoom-out"
            >
              <IconZoomOut aria-hidden size={20} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={56} ta="center" aria-live="polite" data-testid="viewer-zoom-level">
            {percent === null ? '' : t('media.viewer.zoom', { percent })}
          </Text>
          <Tooltip label={t('media.viewer.zoomIn')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => zoomBy(ZOOM_STEP)}
              aria-label={t('media.viewer.zoomIn')}
              data-testid="viewer-zoom-in"
            >
              <IconZoomIn aria-hidden size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('media.viewer.fit')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={fit}
              aria-label={t('media.viewer.fit')}
              data-testid="viewer-fit"
            >
              <IconArrowsMinimize aria-hidden size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="xs">
          {isLoadingOriginal ? <Loader size="xs" aria-label={t('shell.loading')} /> : null}
          <Switch
            label={t('media.viewer.fullResolution')}
            checked={isFullResolution}
            onChange={(event) => {
              const isOn = event.currentTarget.checked;
              setIsFullResolution(isOn);
              if (!isOn) setIsOriginalShown(false);
            }}
            data-testid="viewer-full-resolution"
          />
        </Group>
      </Group>
      <Text size="xs" c="dimmed" px="md" pb={4}>
        {t('media.viewer.hint')}
      </Text>
      <Box
        ref={stageRef}
        tabIndex={0}
        data-autofocus
        aria-label={t('media.viewer.label', { title: mediaTitle(media, t) })}
        role="img"
        pos="relative"
        bg="dark.7"
        style={{ flex: 1, minHeight: 0, overflow: 'hidden', cursor: 'grab', touchAction: 'none' }}
        data-testid="viewer-stage"
        data-scale={scale ?? undefined}
        data-variant={isOriginalShown ? 'original' : 'screen'}
        data-loaded={isScreenLoaded || undefined}
      >
        {isScreenLoaded ? null : (
          <Loader color="gray" pos="absolute" top={24} left={24} aria-label={t('shell.loading')} />
        )}
        <div
          ref={layerRef}
          style={{
            position: 'absolute',
            left: 0,
            top: 0,
            width: base?.width ?? 0,
            height: base?.height ?? 0,
            transformOrigin: '0 0',
          }}
        >
          <MediaImage
            path={mediaFilePath(treeId, media.id, 'screen')}
            draggable={false}
            style={{ ...imageStyle, visibility: isOriginalShown ? 'hidden' : undefined }}
            onLoad={(event) => {
              const image = event.currentTarget;
              setIsScreenLoaded(true);
              if (!base && image.naturalWidth > 0) setBase({ width: image.naturalWidth, height: image.naturalHeight });
            }}
            fallback={
              <Text c="gray.3" p="xl" role="alert">
                {t('media.viewer.loadFailed')}
              </Text>
            }
            data-testid="viewer-image"
          />
          {isFullResolution ? (
            <img
              src={mediaFileUrl(mediaFilePath(treeId, media.id, 'original'))}
              alt=""
              draggable={false}
              style={imageStyle}
              onLoad={() => setIsOriginalShown(true)}
              onError={() => setHasFailed(true)}
              data-testid="viewer-original"
            />
          ) : null}
        </div>
      </Box>
    </Box>
  );
}
