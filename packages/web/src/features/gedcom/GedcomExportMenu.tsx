import { gedcomExportVersions, type TreeInfo } from '@anor/core';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { gedcomExportHref } from './queries.ts';

const versionLabels = {
  '5.5.1': 'gedcom.export.v551',
  '7.0': 'gedcom.export.v70',
} as const;

/**
 * The tree card's "export GEDCOM" (owner only): a choice of version, each a plain download link
 * (the session cookie goes along; the answer is an attachment with the file's name).
 */
export function GedcomExportMenu({ tree }: { tree: TreeInfo }) {
  const { t } = useTranslation();
  return (
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
          <Menu.Item
            key={version}
            component="a"
            href={gedcomExportHref(tree.id, version)}
            download
            data-testid={`tree-card-export-${version}`}
          >
            {t(versionLabels[version])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
