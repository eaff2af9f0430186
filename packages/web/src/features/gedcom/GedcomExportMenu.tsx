import { type GedcomExportVersion, gedcomExportVersions, type TreeInfo } from '@anor/core';
import { ActionIcon, Alert, Button, Group, Menu, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { Modal } from '../../lib/Modal.tsx';
import { downloadGedcom, saveDownload } from './download.ts';
import { gedcomExportHref } from './queries.ts';

const versionLabels = {
  '5.5.1': 'gedcom.export.v551',
  '7.0': 'gedcom.export.v70',
} as const;

/**
 * The download of one export with its progress (issue 20): the percentage of the file's records
 * received so far, a cancel that ends the download, and the file handed to the browser at the end.
 */
function ExportProgressDialog({
  tree,
  version,
  onClose,
}: {
  tree: TreeInfo;
  version: GedcomExportVersion;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest onClose, so that a render of the tree card does not start the download again.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const controller = new AbortController();
    downloadGedcom(gedcomExportHref(tree.id, version), `${tree.name}.ged`, {
      language: currentLanguage(),
      signal: controller.signal,
      onProgress: setPercent,
    })
      .then((file) => {
        saveDownload(file);
        close.current();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('GEDCOM export failed', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [tree.id, tree.name, version]);

  const label =
    percent === null ? t('gedcom.export.preparing') : t('gedcom.export.progress', { name: tree.name, percent });
  return (
    <Modal opened onClose={onClose} title={t('gedcom.export.title')}>
      <Stack data-testid="gedcom-export-dialog">
        {failed ? (
          <Alert color="red" data-testid="gedcom-export-failed">
            {t('gedcom.export.failed')}
          </Alert>
        ) : (
          <>
            <Text size="sm" data-testid="gedcom-export-progress-text">
              {label}
            </Text>
            <Progress
              value={percent ?? 100}
              striped={percent === null}
              animated={percent === null}
              aria-label={label}
              data-testid="gedcom-export-progress"
              data-percent={percent ?? ''}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="gedcom-export-cancel">
            {failed ? t('gedcom.export.close') : t('gedcom.export.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The tree card's "export GEDCOM" (owner only): a choice of version; the file is downloaded with
 * its progress shown (ExportProgressDialog) and saved under the name the server gives it.
 */
export function GedcomExportMenu({ tree }: { tree: TreeInfo }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<GedcomExportVersion | null>(null);
  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Tooltip label={t('gedcom.export.title')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('gedcom.export.named', { name: tree.name })}
              data-testid="tree-card-export"
            >
              <IconFileExport aria-hidden size={18} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown data-testid="tree-card-export-menu">
          <Menu.Label>{t('gedcom.export.title')}</Menu.Label>
          {gedcomExportVersions.map((version) => (
            <Menu.Item key={version} onClick={() => setExporting(version)} data-testid={`tree-card-export-${version}`}>
              {t(versionLabels[version])}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {exporting !== null && (
        <ExportProgressDialog tree={tree} version={exporting} onClose={() => setExporting(null)} />
      )}
    </>
  );
}
