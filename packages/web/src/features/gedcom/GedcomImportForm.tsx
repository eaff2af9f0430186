import { type Job, limitsFor, textLimits, treeNameSchema, type UserInfo } from '@anor/core';
import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconFileImport, IconInfoCircle, IconX } from '@tabler/icons-react';
import { type ComponentProps, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useFormat } from '../../i18n/format.ts';
import { codeKey, isTranslationKey, type TranslationKey } from '../../i18n/messages.ts';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { ImportErrorText, LimitDetails, useFileSize } from './ImportMessages.tsx';
import { earlyProblemOf, gedcomAccept, treeNameFromFileName } from './import-rules.ts';
import { useImportGedcom } from './mutations.ts';
import { isAbortError } from './upload.ts';

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing'; since: number };

/** The hidden file input, for the browser tests (a data attribute is not among the input's typed props). */
const fileInputTestProps = { 'data-testid': 'gedcom-file-input' } as ComponentProps<'input'>;

interface Limit {
  code: TranslationKey;
  details: unknown;
}

/** Seconds since `since`, ticking once a second; 0 without a start. */
function useElapsedSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

function ImportProgress({ phase }: { phase: Phase }) {
  const { t } = useTranslation();
  const seconds = useElapsedSeconds(phase.kind === 'processing' ? phase.since : null);
  if (phase.kind === 'uploading') {
    return (
      <Stack gap={4} data-testid="gedcom-uploading">
        <Text size="sm" aria-live="polite">
          {t('gedcom.import.uploading', { percent: phase.percent })}
        </Text>
        <Progress value={phase.percent} aria-label={t('gedcom.import.uploading', { percent: phase.percent })} />
      </Stack>
    );
  }
  if (phase.kind === 'processing') {
    return (
      <Stack gap={4} data-testid="gedcom-processing">
        <Text size="sm" aria-live="polite">
          {t('gedcom.import.processing', { seconds })}
        </Text>
        {/* Indeterminate: the server does not report how far it has come. */}
        <Progress value={100} striped animated aria-label={t('gedcom.import.processing', { seconds })} />
      </Stack>
    );
  }
  return null;
}

interface GedcomImportFormProps {
  user: UserInfo;
  /** The file arrived and its import job started: the page follows the job. */
  onStarted: (job: Job) => void;
}

export function GedcomImportForm({ user, onStarted }: GedcomImportFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const fileSize = useFileSize();
  const importGedcom = useImportGedcom(user.id);
  const [file, setFile] = useState<File | null>(null);
  const [treeName, setTreeName] = useState('');
  const [fileError, setFileError] = useState<TranslationKey | null>(null);
  const [nameError, setNameError] = useState<TranslationKey | null>(null);
  const [limit, setLimit] = useState<Limit | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const importing = phase.kind !== 'idle';
  const freeImport = limitsFor(user.subscription).gedcomImport;

  const clearOutcome = () => {
    setFailure(null);
    setCancelled(false);
  };

  const chooseFile = (next: File | null) => {
    // The name follows the file until the user writes one of their own.
    const previousDefault = file ? treeNameFromFileName(file.name) : '';
    if (treeName.trim() === '' || treeName === previousDefault) {
      setTreeName(next ? treeNameFromFileName(next.name) : '');
      setNameError(null);
    }
    setFile(next);
    setFileError(null);
    clearOutcome();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (importing) return;
    clearOutcome();

    const problem = earlyProblemOf(file, { subscription: user.subscription, ownTreeCount: user.treeIds.length });
    if (problem?.kind === 'error') {
      setFileError(problem.code);
      return;
    }
    if (problem?.kind === 'limit') {
      setLimit({ code: problem.code, details: { bytes: file?.size, max: textLimits.gedcomBytes } });
      return;
    }
    if (!file) return;

    const name = treeName.trim();
    if (name !== '') {
      const parsed = treeNameSchema.safeParse(name);
      if (!parsed.success) {
        setNameError(codeKey(parsed.error.issues[0]?.message ?? ''));
        return;
      }
    }

    // A file removed or changed since it was chosen cannot be read: say so before uploading.
    try {
      await file.slice(0, 1).arrayBuffer();
    } catch {
      setFileError('gedcom.error.unreadable');
      return;
    }

    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'uploading', percent: 0 });
    importGedcom.mutate(
      {
        file,
        treeName: name || undefined,
        signal: abort.signal,
        onUploadProgress: ({ loaded, total }) => {
          const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
          setPhase((current) => (current.kind === 'uploading' ? { kind: 'uploading', percent } : current));
        },
        onUploaded: () => setPhase({ kind: 'processing', since: Date.now() }),
      },
      {
        onSuccess: onStarted,
        onError: (error) => {
          if (isAbortError(error)) setCancelled(true);
          else if (isApiError(error) && error.code.startsWith('limit.') && isTranslationKey(error.code)) {
            setLimit({ code: error.code, details: error.details });
          } else setFailure({ error });
        },
        onSettled: () => {
          controller.current = null;
          setPhase({ kind: 'idle' });
        },
      },
    );
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate data-testid="gedcom-import-form">
        <Stack gap="md">
          {freeImport ? (
            <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} data-testid="gedcom-free-limits">
              {t('gedcom.import.freeLimits', {
                size: fileSize(textLimits.gedcomBytes),
                persons: format.number(freeImport.persons),
                events: format.number(freeImport.events),
                places: format.number(freeImport.locations),
              })}
            </Alert>
          ) : null}
          <FileInput
            label={t('gedcom.import.fileLabel')}
            placeholder={t('gedcom.import.filePlaceholder')}
            accept={gedcomAccept}
            value={file}
            onChange={chooseFile}
            clearable
            required
            disabled={importing}
            leftSection={<IconFileImport aria-hidden size={18} />}
            error={fileError ? t(fileError) : undefined}
            data-testid="gedcom-file"
            fileInputProps={fileInputTestProps}
          />
          <TextInput
            label={t('gedcom.import.treeNameLabel')}
            description={t('gedcom.import.treeNameDescription')}
            maxLength={textLimits.treeName}
            value={treeName}
            onChange={(event) => {
              setTreeName(event.currentTarget.value);
              setNameError(null);
            }}
            disabled={importing}
            error={nameError ? t(nameError) : undefined}
            data-testid="gedcom-tree-name"
          />
          <ImportProgress phase={phase} />
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              <ImportErrorText error={failure.error} />
            </Alert>
          ) : null}
          {cancelled ? (
            <Alert color="gray" variant="light" role="status" data-testid="gedcom-import-cancelled">
              {t('gedcom.import.cancelled')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            {importing ? (
              <Button
                variant="default"
                leftSection={<IconX aria-hidden size={18} />}
                onClick={() => controller.current?.abort()}
                data-testid="gedcom-import-cancel"
              >
                {t('gedcom.import.cancel')}
              </Button>
            ) : null}
            <Button
              type="submit"
              leftSection={<IconFileImport aria-hidden size={18} />}
              loading={importing}
              disabled={importing}
              data-testid="gedcom-import-submit"
            >
              {t('gedcom.import.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <LimitDialog code={limit?.code ?? null} onClose={() => setLimit(null)}>
        {limit ? <LimitDetails code={limit.code} details={limit.details} /> : null}
      </LimitDialog>
    </Paper>
  );
}
