import { Alert, Button, Group, Menu, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconFileTypeSvg } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/Modal.tsx';
import { chartSize, chartSvgFile, download, fileNameOf, findChartSvg } from './chart-svg-export.ts';
import { type PagePlan, type PaperOrientation, type PaperSize, planPages } from './page-tiling.ts';

/** The views of the family tree page whose chart can be exported. */
export const exportableViews = ['ancestors', 'descendants', 'fan', 'hourglass'] as const;
export type ExportableView = (typeof exportableViews)[number];

function isExportable(view: string): view is ExportableView {
  return exportableViews.some((known) => known === view);
}

/** The chart shown on the family tree page (one at a time: the other tabs are not mounted). */
function currentChart(): Element | null {
  const page = document.querySelector('[data-testid="family-tree-page"]');
  return page ? findChartSvg(page) : null;
}

/**
 * The family tree page's Export menu (issue 23): the chart on screen as SVG, or as PDF on A4 or A3,
 * portrait or landscape, tiled over pages when it does not fit one. Both are made in the browser
 * from the chart as drawn, so a visitor exports exactly what they may see. Nothing for the family
 * and table views.
 */
export function ChartExportMenu({ view, name }: { view: string; name: string }) {
  const { t, i18n } = useTranslation();
  const [pdfOpen, setPdfOpen] = useState(false);
  if (!isExportable(view)) return null;
  const title = t(`charts.export.titles.${view}`, { name });
  const printed = t('charts.export.printed', {
    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date()),
  });

  const exportSvg = () => {
    const svg = currentChart();
    if (!svg) return;
    download(new Blob([chartSvgFile(svg, title, printed)], { type: 'image/svg+xml' }), fileNameOf(title, 'svg'));
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconDownload aria-hidden size={16} />}
            data-testid="chart-export"
          >
            {t('charts.export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconFileTypeSvg aria-hidden size={18} />}
            onClick={exportSvg}
            data-testid="chart-export-svg"
          >
            {t('charts.export.svg')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileTypePdf aria-hidden size={18} />}
            onClick={() => setPdfOpen(true)}
            data-testid="chart-export-pdf"
          >
            {t('charts.export.pdf')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <PdfDialog opened={pdfOpen} onClose={() => setPdfOpen(false)} title={title} printed={printed} />
    </>
  );
}

function PdfDialog({
  opened,
  onClose,
  title,
  printed,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  printed: string;
}) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState<PaperSize>('a4');
  const [orientation, setOrientation] = useState<PaperOrientation>('landscape');
  const [state, setState] = useState<'idle' | 'making' | 'failed'>('idle');
  let plan: PagePlan | null = null;
  const svg = opened ? currentChart() : null;
  if (svg) plan = planPages(chartSize(svg), paper, orientation);

  const make = async () => {
    if (!svg) return;
    setState('making');
    try {
      // jsPDF and svg2pdf load only when a PDF is made.
      const { chartPdf } = await import('./chart-pdf.ts');
      const blob = await chartPdf(svg, paper, orientation, {
        title,
        printed,
        pageLabel: (page, pages, row, column) => t('charts.export.pageLabel', { page, pages, row, column }),
      });
      download(blob, fileNameOf(title, 'pdf'));
      setState('idle');
      onClose();
    } catch {
      setState('failed');
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('charts.export.dialogTitle')} data-testid="chart-pdf-dialog">
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="chart-pdf-paper">
            {t('charts.export.paper')}
          </Text>
          <SegmentedControl
            aria-labelledby="chart-pdf-paper"
            value={paper}
            onChange={(value) => setPaper(value === 'a3' ? 'a3' : 'a4')}
            data={[
              { value: 'a4', label: 'A4' },
              { value: 'a3', label: 'A3' },
            ]}
            data-testid="chart-pdf-paper"
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="chart-pdf-orientation">
            {t('charts.export.orientation')}
          </Text>
          <SegmentedControl
            aria-labelledby="chart-pdf-orientation"
            value={orientation}
            onChange={(value) => setOrientation(value === 'portrait' ? 'portrait' : 'landscape')}
            data={[
              { value: 'portrait', label: t('charts.export.portrait') },
              { value: 'landscape', label: t('charts.export.landscape') },
            ]}
            data-testid="chart-pdf-orientation"
          />
        </Stack>
        {plan ? (
          <Text size="sm" c="dimmed" data-testid="chart-pdf-pages">
            {t('charts.export.pages', { count: plan.tiles.length, rows: plan.rows, columns: plan.columns })}
          </Text>
        ) : null}
        {state === 'failed' ? (
          <Alert color="red" data-testid="chart-pdf-failed">
            {t('charts.export.failed')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void make()} loading={state === 'making'} data-testid="chart-pdf-download">
            {t('charts.export.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
