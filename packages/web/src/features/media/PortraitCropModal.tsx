import type { MediaSummary, PortraitCrop } from '@anor/core';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import {
  type Area,
  type CropBox,
  type CropCorner,
  cropFromFractions,
  cropToFractions,
  growCrop,
  initialCrop,
  moveCrop,
  rescaleCrop,
  resizeCrop,
} from './crop-math.ts';
import { MediaImage } from './MediaImage.tsx';
import { useSetPortrait } from './mutations.ts';
import { mediaFilePath } from './queries.ts';

interface PortraitCropModalProps {
  treeId: string;
  personId: string;
  /** The image to cut the portrait from; null closes the dialog. */
  media: MediaSummary | null;
  /** The crop to start from (the person's portrait, when it is of this image). */
  initial?: PortraitCrop | null;
  onClose: () => void;
}

/** "Use as portrait": a square over the screen-size image, moved and resized, saved as fractions of the image. */
export function PortraitCropModal({ treeId, personId, media, initial = null, onClose }: PortraitCropModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={media !== null}
      onClose={onClose}
      title={t('media.portrait.title')}
      centered
      size="xl"
      data-testid="portrait-crop-modal"
    >
      {media ? (
        <CropEditor
          key={media.id}
          treeId={treeId}
          personId={personId}
          media={media}
          initial={initial}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

const corners: CropCorner[] = ['nw', 'ne', 'sw', 'se'];
const HANDLE = 14;
const KEY_STEP = 4;
const KEY_STEP_LARGE = 20;

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  box: CropBox;
  corner: CropCorner | null;
}

function CropEditor({
  treeId,
  personId,
  media,
  initial,
  onClose,
}: {
  treeId: string;
  personId: string;
  media: MediaSummary;
  initial: PortraitCrop | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const setPortrait = useSetPortrait(treeId, personId);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [area, setArea] = useState<Area | null>(null);
  const [box, setBox] = useState<CropBox | null>(null);
  const drag = useRef<Drag | null>(null);
  const areaRef = useRef<Area | null>(null);

  // The image as shown may change size (the window, the dialog): the box follows it.
  useEffect(() => {
    if (!image) return;
    const measure = () => {
      const next = { width: image.clientWidth, height: image.clientHeight };
      if (next.width === 0 || next.height === 0) return;
      const previous = areaRef.current;
      areaRef.current = next;
      setArea(next);
      setBox((current) => {
        if (current && previous) return rescaleCrop(current, previous, next);
        return initial ? cropFromFractions(initial, next) : initialCrop(next);
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(image);
    return () => observer.disconnect();
  }, [image, initial]);

  const startDrag = (corner: CropCorner | null) => (event: PointerEvent<HTMLElement>) => {
    if (!box || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, box, corner };
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || !area) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    setBox(
      current.corner ? resizeCrop(current.box, current.corner, dx, dy, area) : moveCrop(current.box, dx, dy, area),
    );
  };
  const endDrag = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!box || !area) return;
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) setBox(moveCrop(box, move[0], move[1], area));
    else if (event.key === '+' || event.key === '=') setBox(growCrop(box, 2 * step, area));
    else if (event.key === '-') setBox(growCrop(box, -2 * step, area));
    else return;
    event.preventDefault();
  };

  const save = () => {
    if (!box || !area) return;
    setPortrait.mutate({ mediaId: media.id, crop: cropToFractions(box, area) }, { onSuccess: onClose });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('media.portrait.hint')}
      </Text>
      <Group justify="center">
        <Box pos="relative" style={{ display: 'inline-block', overflow: 'hidden', lineHeight: 0 }}>
          <MediaImage
            path={mediaFilePath(treeId, media.id, 'screen')}
            draggable={false}
            style={{ display: 'block', maxWidth: '100%', maxHeight: '60vh', userSelect: 'none' }}
            onLoad={(event) => setImage(event.currentTarget)}
            fallback={<FormError message={t('media.viewer.loadFailed')} />}
            data-testid="portrait-crop-image"
          />
          {box ? (
            <Box
              role="group"
              tabIndex={0}
              data-autofocus
              aria-label={t('media.portrait.crop')}
              onPointerDown={startDrag(null)}
              onPointerMove={moveDrag}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              onKeyDown={handleKeyDown}
              pos="absolute"
              left={box.x}
              top={box.y}
              w={box.size}
              h={box.size}
              style={{
                border: '2px solid white',
                outline: '1px solid rgba(0, 0, 0, 0.6)',
                boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.55)',
                borderRadius: 2,
                cursor: 'move',
                touchAction: 'none',
              }}
              data-testid="portrait-crop-box"
              data-x={Math.round(box.x)}
              data-y={Math.round(box.y)}
              data-size={Math.round(box.size)}
            >
              {corners.map((corner) => (
                <Box
                  key={corner}
                  aria-hidden
                  title={t('media.portrait.corner')}
                  onPointerDown={startDrag(corner)}
                  onPointerMove={moveDrag}
                  onPointerUp={endDrag}
                  onPointerCancel={endDrag}
                  pos="absolute"
                  w={HANDLE}
                  h={HANDLE}
                  bg="white"
                  style={{
                    border: '1px solid var(--mantine-color-dark-4)',
                    borderRadius: 2,
                    touchAction: 'none',
                    cursor: corner === 'nw' || corner === 'se' ? 'nwse-resize' : 'nesw-resize',
                    [corner.startsWith('n') ? 'top' : 'bottom']: -HANDLE / 2,
                    [corner.endsWith('w') ? 'left' : 'right']: -HANDLE / 2,
                  }}
                  data-testid={`portrait-crop-handle-${corner}`}
                />
              ))}
            </Box>
          ) : null}
        </Box>
      </Group>
      <FormError message={setPortrait.isError ? t(errorKey(setPortrait.error)) : undefined} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={save} disabled={!box} loading={setPortrait.isPending} data-testid="portrait-crop-save">
          {t('media.portrait.save')}
        </Button>
      </Group>
    </Stack>
  );
}
