import type { Coordinates } from '@anor/core';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import L from 'leaflet';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Axis,
  filterCoordinateText,
  formatCoordinate,
  isSameCoordinates,
  readCoordinateFields,
  showsFieldError,
  toCoordinates,
} from './coordinate-input.ts';
import type { CoordinatePickerProps } from './index.ts';
import {
  contextIcon,
  highlightIcon,
  placeLabel,
  showView,
  toLatLng,
  useLeafletMap,
  useStableValue,
} from './leaflet-map.ts';
import { MapErrorBoundary } from './MapErrorBoundary.tsx';
import { POINT_ZOOM, pointsKey, viewFor } from './map-view.ts';

const DEFAULT_HEIGHT = 300;
const PAN_DELAY_MS = 500;

function textsOf(value: Coordinates | null): Record<Axis, string> {
  return value ? { lat: formatCoordinate(value.lat), lng: formatCoordinate(value.lng) } : { lat: '', lng: '' };
}

/**
 * Coordinates of a place (SPEC §5): latitude and longitude as decimals, typed or set on the map
 * (a click sets the point, the marker can be dragged). Only valid coordinates, or null, reach
 * `onChange`; a wrong field shows the invalid-coordinates message under it.
 */
function CoordinatePickerView({
  value,
  onChange,
  onInvalidChange,
  context = [],
  height = DEFAULT_HEIGHT,
}: CoordinatePickerProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const map = useLeafletMap(containerRef);

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const [texts, setTexts] = useState(() => textsOf(value));
  const [touched, setTouched] = useState<Record<Axis, boolean>>({ lat: false, lng: false });
  // The value the fields last showed or sent: a different value came from outside (a click on the
  // map, the dialog resetting) and replaces what the fields show.
  const shownValue = useRef(value);
  useEffect(() => {
    if (isSameCoordinates(value, shownValue.current)) return;
    shownValue.current = value;
    setTexts(textsOf(value));
    setTouched({ lat: false, lng: false });
  }, [value]);

  const fields = readCoordinateFields(texts.lat, texts.lng);
  // Text that is not a pair of coordinates never reaches onChange: the form hears of it here.
  const isInvalid = fields.kind === 'invalid';
  const onInvalidChangeRef = useRef(onInvalidChange);
  useEffect(() => {
    onInvalidChangeRef.current = onInvalidChange;
  }, [onInvalidChange]);
  useEffect(() => {
    onInvalidChangeRef.current?.(isInvalid);
  }, [isInvalid]);

  function handleType(axis: Axis, raw: string) {
    const next = { ...texts, [axis]: filterCoordinateText(raw) };
    setTexts(next);
    const read = readCoordinateFields(next.lat, next.lng);
    const nextValue = read.kind === 'valid' ? read.value : read.kind === 'empty' ? null : undefined;
    if (nextValue === undefined || isSameCoordinates(nextValue, value)) return;
    shownValue.current = nextValue;
    onChange(nextValue);
  }

  function handleRemove() {
    setTexts({ lat: '', lng: '' });
    setTouched({ lat: false, lng: false });
    shownValue.current = null;
    if (value !== null) onChange(null);
  }

  // A click on the map puts the point there.
  useEffect(() => {
    if (!map) return;
    const handleClick = (event: L.LeafletMouseEvent) => {
      onChangeRef.current(toCoordinates(event.latlng.lat, event.latlng.lng));
    };
    map.on('click', handleClick);
    return () => {
      map.off('click', handleClick);
    };
  }, [map]);

  const orientation = useStableValue(
    context,
    JSON.stringify(context.map((m) => [m.id, m.name, m.type, m.coordinates.lat, m.coordinates.lng])),
  );
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup();
    for (const place of orientation) {
      L.marker(toLatLng(place.coordinates), { icon: contextIcon, title: place.name, alt: place.name })
        .bindTooltip(placeLabel(place), { direction: 'top' })
        // A click on a known place takes its point, like a click on the map next to it.
        .on('click', () => onChangeRef.current(toCoordinates(place.coordinates.lat, place.coordinates.lng)))
        .addTo(layer);
    }
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, orientation]);

  // The chosen point: a draggable marker.
  const lat = value?.lat;
  const lng = value?.lng;
  useEffect(() => {
    if (!map || lat === undefined || lng === undefined) return;
    const marker = L.marker([lat, lng], {
      icon: highlightIcon,
      draggable: true,
      autoPan: true,
      title: `${formatCoordinate(lat)}, ${formatCoordinate(lng)}`,
      alt: `${formatCoordinate(lat)}, ${formatCoordinate(lng)}`,
      zIndexOffset: 1000,
    }).addTo(map);
    marker.on('dragend', () => {
      const position = marker.getLatLng();
      onChangeRef.current(toCoordinates(position.lat, position.lng));
    });
    return () => {
      marker.remove();
    };
  }, [map, lat, lng]);

  // The map opens on the point, or on the places around it; a point typed outside the view is brought in.
  const contextKey = pointsKey(context);
  const opening = useStableValue(
    value ? { kind: 'point' as const, center: value, zoom: POINT_ZOOM } : viewFor(context.map((m) => m.coordinates)),
    `opening:${contextKey}`,
  );
  useEffect(() => {
    if (!map) return;
    return showView(map, opening);
  }, [map, opening]);
  useEffect(() => {
    if (!map || lat === undefined || lng === undefined) return;
    // After a pause: typing "13.14" passes through 1 and 13, which are points too.
    const timer = window.setTimeout(() => {
      const size = map.getSize();
      if (size.x > 0 && size.y > 0 && !map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
    }, PAN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [map, lat, lng]);

  const field = (axis: Axis) => ({
    value: texts[axis],
    onChange: (event: ChangeEvent<HTMLInputElement>) => handleType(axis, event.currentTarget.value),
    onBlur: () => setTouched((current) => ({ ...current, [axis]: true })),
    error:
      fields.kind === 'invalid' && showsFieldError(fields[axis], touched[axis])
        ? t('location.validation.invalidCoordinates')
        : undefined,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    spellCheck: false,
  });

  const hasSomething = value !== null || texts.lat !== '' || texts.lng !== '';

  return (
    <Stack gap="xs">
      <Group grow align="flex-start" gap="sm">
        <TextInput
          label={t('map.picker.latitude')}
          placeholder={t('map.picker.latitudePlaceholder')}
          data-testid="coordinate-lat"
          {...field('lat')}
        />
        <TextInput
          label={t('map.picker.longitude')}
          placeholder={t('map.picker.longitudePlaceholder')}
          data-testid="coordinate-lng"
          {...field('lng')}
        />
      </Group>
      <section
        ref={containerRef}
        className="anor-map anor-map-picker"
        style={{ height, width: '100%' }}
        aria-label={t('map.picker.mapLabel')}
        data-testid="coordinate-map"
      />
      <Group justify="space-between" align="center" gap="xs">
        <Text size="xs" c="dimmed">
          {t('map.picker.hint')}
        </Text>
        {hasSomething ? (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconMapPinOff aria-hidden size={16} />}
            onClick={handleRemove}
            data-testid="coordinate-remove"
          >
            {t('map.picker.remove')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

export default function CoordinatePicker(props: CoordinatePickerProps) {
  return (
    <MapErrorBoundary height={props.height ?? DEFAULT_HEIGHT}>
      <CoordinatePickerView {...props} />
    </MapErrorBoundary>
  );
}
