import { createTreeBodySchema, textLimits } from '@anor/core';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import type { TranslationKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { useCreateTree } from './mutations.ts';
import { treeHref } from './TreeCard.tsx';

interface CreateTreeFormProps {
  userId: string;
  autoFocus?: boolean;
  /** The account may have no more trees (a free account's one): the form is shown, but cannot be used. */
  disabled?: boolean;
}

export function CreateTreeForm({ userId, autoFocus = false, disabled = false }: CreateTreeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createTree = useCreateTree(userId);
  const [limitCode, setLimitCode] = useState<TranslationKey | null>(null);
  const form = useSchemaForm(
    createTreeBodySchema,
    { treeName: '' },
    { fieldOfCode: { 'tree.validation.treeNameAlreadyTaken': 'treeName' } },
  );

  const onSubmit = form.handleSubmit((body) =>
    createTree.mutate(body, {
      onSuccess: (tree) => {
        form.reset();
        // The new tree is where the user wants to be: at its root person.
        const href = treeHref(tree);
        if (href) void navigate(href);
      },
      onError: (error) => {
        // Reaching the tree limit is not a mistake in the form: offer a subscription instead.
        if (isApiError(error) && error.code === 'limit.trees') setLimitCode(error.code);
        else form.setServerError(error);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="create-tree-form">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('trees.create.label')}
          placeholder={t('trees.create.placeholder')}
          maxLength={textLimits.treeName}
          required
          autoFocus={autoFocus && !disabled}
          disabled={disabled}
          style={{ flex: '1 1 240px' }}
          data-testid="create-tree-name"
          {...form.getInputProps('treeName')}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          leftSection={<IconPlus aria-hidden size={18} />}
          loading={createTree.isPending}
          disabled={disabled}
          data-testid="create-tree-submit"
        >
          {t('trees.create.submit')}
        </Button>
      </Group>
      <FormError message={form.errorText('form')} />
      <LimitDialog code={limitCode} onClose={() => setLimitCode(null)} />
    </form>
  );
}
