import { Center, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function MapErrorMessage({ height }: { height: number | string }) {
  const { t } = useTranslation();
  return (
    <Center h={height} className="anor-map" data-testid="map-error">
      <Text c="dimmed" size="sm" role="alert">
        {t('common.error.generic')}
      </Text>
    </Center>
  );
}

/** A map that fails (Leaflet throws) shows a message in its place; the page around it keeps working. */
export class MapErrorBoundary extends Component<{ height: number | string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The map failed', error);
  }

  override render() {
    return this.state.failed ? <MapErrorMessage height={this.props.height} /> : this.props.children;
  }
}
