import type { Proposal } from '@anor/core';
import { Alert, Button, Checkbox, Group, ScrollArea, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { codeKey, errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { type BodyField, bodyFields, changedBody, type FieldInput, inputOf, pathLabel } from './body-fields.ts';
import { useReviseProposal } from './queries.ts';

interface ProposalEditorProps {
  treeId: string;
  proposal: Proposal;
  opened: boolean;
  onClose: () => void;
}

/**
 * A reviewer changes a pending proposal before accepting it (issue 26): the contributor's request
 * body, field by field (body-fields.ts: any proposable route's, so no form of its own), sent again
 * with the `Anor-Proposal` header. The server checks the changed request with every rule and keeps
 * its rows in the proposal; its refusal shows here, under the field it names or above the buttons.
 */
export function ProposalEditor({ treeId, proposal, opened, onClose }: ProposalEditorProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('proposals.edit.title')} size="lg">
      {opened ? <ProposalEditorForm treeId={treeId} proposal={proposal} onDone={onClose} /> : null}
    </Modal>
  );
}

function ProposalEditorForm({
  treeId,
  proposal: shown,
  onDone,
}: {
  treeId: string;
  proposal: Proposal;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const revise = useReviseProposal(treeId);
  // The proposal as the editing began: a refresh of the page while it is open changes nothing typed.
  const [proposal] = useState(shown);
  const [fields] = useState(() => bodyFields(proposal.body));
  const [inputs, setInputs] = useState<Record<string, FieldInput>>(() =>
    Object.fromEntries(fields.map((field) => [field.key, inputOf(field.value)])),
  );
  const [invalid, setInvalid] = useState<readonly string[]>([]);

  const change = (key: string, input: FieldInput) => {
    setInputs((previous) => ({ ...previous, [key]: input }));
    setInvalid((previous) => previous.filter((other) => other !== key));
    if (revise.isError || revise.data === 'changesNothing') revise.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const result = changedBody(proposal.body, fields, inputs);
    setInvalid(result.invalid);
    if (result.invalid.length > 0) return;
    // The promise, not mutate's callbacks: it settles even if the proposal's refresh re-renders the page first.
    revise
      .mutateAsync({ proposal, body: result.body })
      .then((outcome) => {
        if (outcome === 'revised') onDone();
      })
      .catch(() => {
        // Shown from the mutation's state, under its field or above the buttons.
      });
  };

  // The server's refusal of one field (a 400's issues, by the body's path) shows under it.
  const serverIssues = new Map<string, string>();
  if (isApiError(revise.error)) {
    for (const issue of revise.error.fieldIssues) {
      const key = pathLabel(issue.path.filter((part) => typeof part === 'string' || typeof part === 'number'));
      if (!serverIssues.has(key)) serverIssues.set(key, issue.code);
    }
  }
  const isPlaced = [...serverIssues.keys()].some((key) => fields.some((field) => field.key === key));
  const fieldError = (field: BodyField): string | undefined => {
    if (invalid.includes(field.key)) return t('proposals.edit.notNumber');
    const code = serverIssues.get(field.key);
    return code ? t(codeKey(code)) : undefined;
  };

  return (
    <form onSubmit={submit} noValidate data-testid="proposal-editor" data-proposal={proposal.id}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('proposals.edit.intro')}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" data-testid="proposal-editor-request">
          {`${proposal.method} ${proposal.path}`}
        </Text>
        <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
          <Stack gap="xs">
            {fields.map((field) => (
              <FieldInputOf
                key={field.key}
                field={field}
                input={inputs[field.key] ?? inputOf(field.value)}
                error={fieldError(field)}
                onChange={(input) => change(field.key, input)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {revise.data === 'changesNothing' ? (
          <Alert color="yellow" variant="light" role="status" data-testid="proposal-editor-nothing">
            {t('proposals.edit.changesNothing')}
          </Alert>
        ) : null}
        <FormError
          message={revise.isError && !isPlaced ? t(errorKey(revise.error)) : undefined}
          testId="proposal-editor-error"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={revise.isPending} data-testid="proposal-editor-save">
            {t('proposals.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One scalar of the body: a check box for a boolean, a text (several lines when it has several) for the rest. */
function FieldInputOf({
  field,
  input,
  error,
  onChange,
}: {
  field: BodyField;
  input: FieldInput;
  error: string | undefined;
  onChange: (input: FieldInput) => void;
}) {
  const { t } = useTranslation();
  const label = field.key === '' ? t('proposals.edit.value') : field.key;
  const testProps = { 'data-testid': 'proposal-field', 'data-key': field.key };
  if (typeof input === 'boolean') {
    return (
      <Checkbox
        label={label}
        checked={input}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={field.isReadOnly}
        error={error}
        {...testProps}
      />
    );
  }
  const common = {
    label,
    value: input,
    error,
    readOnly: field.isReadOnly,
    description: field.isReadOnly ? t('proposals.edit.readOnly') : undefined,
    placeholder: field.value === null ? t('proposals.edit.empty') : undefined,
    inputMode: typeof field.value === 'number' ? ('decimal' as const) : undefined,
    autoComplete: 'off',
    styles: { label: { fontFamily: 'var(--mantine-font-family-monospace)' } },
    ...testProps,
  };
  return typeof field.value === 'string' && field.value.includes('\n') ? (
    <Textarea {...common} autosize minRows={2} maxRows={10} onChange={(event) => onChange(event.currentTarget.value)} />
  ) : (
    <TextInput {...common} onChange={(event) => onChange(event.currentTarget.value)} />
  );
}
