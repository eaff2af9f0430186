import { contactBodySchema, textLimits } from '@anor/core';
import { Button, Group, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { useSendContactMessage } from './mutations.ts';

/** The contact form of SPEC §2: the input state, then the thank-you state with the reply address. */
export function ContactForm({ defaultSender }: { defaultSender: string }) {
  const { t } = useTranslation();
  const sendMessage = useSendContactMessage();
  const form = useSchemaForm(contactBodySchema, { sender: defaultSender, text: '' });

  if (sendMessage.isSuccess) {
    return (
      <Stack align="center" ta="center" gap="sm" py="lg" data-testid="contact-thanks" role="status">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCheck aria-hidden size={30} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {t('contact.thanks.title')}
        </Title>
        <Text c="dimmed" maw={440}>
          {t('contact.thanks.text', { email: sendMessage.variables.sender })}
        </Text>
        <Button
          variant="default"
          mt="sm"
          onClick={() => {
            form.reset({ sender: sendMessage.variables.sender, text: '' });
            sendMessage.reset();
          }}
        >
          {t('contact.thanks.again')}
        </Button>
      </Stack>
    );
  }

  const length = form.values.text.length;
  const isTooLong = length > textLimits.contactText;
  const onSubmit = form.handleSubmit((body) => sendMessage.mutate(body, { onError: form.setServerError }));

  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-form">
      <Stack>
        <TextInput
          label={t('contact.form.sender')}
          description={t('contact.form.senderHint')}
          type="email"
          autoComplete="email"
          required
          data-testid="contact-sender"
          {...form.getInputProps('sender')}
        />
        <Textarea
          label={t('contact.form.message')}
          autosize
          minRows={6}
          maxRows={14}
          required
          aria-describedby="contact-counter"
          data-testid="contact-text"
          {...form.getInputProps('text')}
        />
        <Text
          id="contact-counter"
          size="xs"
          c={isTooLong ? 'red' : 'dimmed'}
          ta="right"
          mt={-10}
          aria-live="polite"
          data-testid="contact-counter"
        >
          {t('contact.form.counter', { length, max: textLimits.contactText })}
        </Text>
        <FormError message={form.errorText('form')} />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSend aria-hidden size={18} />}
            loading={sendMessage.isPending}
            data-testid="contact-submit"
          >
            {t('contact.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
