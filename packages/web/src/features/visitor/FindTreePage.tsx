import { Alert, Button, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBinaryTree } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { errorKey } from '../../i18n/messages.ts';
import { useFindSharedTrees } from './queries.ts';

/** `/shared`: find the trees an owner shares by the owner's e-mail address (SPEC §1, POST /api/tree). */
export function FindTreePage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const find = useFindSharedTrees();
  usePageTitle(t('visitor.findTitle'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) find.mutate(email.trim());
  };

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('visitor.findTitle')}</Title>
        <Text c="dimmed">{t('visitor.findIntro')}</Text>
        <form onSubmit={submit}>
          <Group align="flex-end">
            <TextInput
              type="email"
              label={t('visitor.findEmail')}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: 1 }}
              maxLength={120}
              data-testid="find-tree-email"
            />
            <Button type="submit" loading={find.isPending} data-testid="find-tree-submit">
              {t('visitor.findSubmit')}
            </Button>
          </Group>
        </form>
        {find.isError ? (
          <Alert color="red" role="alert">
            {t(errorKey(find.error))}
          </Alert>
        ) : null}
        {find.data?.length === 0 ? <Text data-testid="find-tree-none">{t('visitor.findNone')}</Text> : null}
        {find.data?.map((tree) => (
          <Card key={tree.treeId} withBorder data-testid="find-tree-result">
            <Group justify="space-between">
              <Group gap="sm">
                <IconBinaryTree aria-hidden size={20} />
                <Text fw={600}>{tree.name}</Text>
              </Group>
              <Button component={Link} to={`/share/${tree.token}`} variant="light">
                {t('visitor.open')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
