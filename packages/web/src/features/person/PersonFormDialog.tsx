import type { Gender, Person, PersonSummary, PersonValues } from '@anor/core';
import { Alert, Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconCircleCheck, IconUserPlus, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey, type TranslationKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { PersonSearchList } from '../person-search/PersonSearchList.tsx';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { usePersonModalProps } from './layout.ts';
import { limitCodeOf } from './limit-error.ts';
import {
  useAttachChild,
  useAttachParent,
  useAttachPartner,
  useAttachSibling,
  useCreateChild,
  useCreateParent,
  useCreatePerson,
  useIntroducePerson,
  useSetRoot,
} from './mutations.ts';
import { PersonCreateForm } from './PersonCreateForm.tsx';
import {
  asksForAnother,
  excludedFromSearch,
  initialGender,
  isParentMode,
  nextRound,
  type PersonFormMode,
} from './person-form-modes.ts';
import { usePersonName } from './person-name.ts';
import { ChildrenChoice, OtherParentChoice, UNKNOWN_PARENT } from './RelationOptions.tsx';
import { suggestChildSurname, suggestSiblingSurname } from './surname.ts';

interface PersonFormDialogProps {
  treeId: string;
  /** The creation mode; the dialog is closed while it is null. */
  mode: PersonFormMode | null;
  /** The person the new one is related to (in intro mode the root itself); null for a new root. */
  anchor: Person | null;
  /** The tree's current root, which the root mode's search leaves out. */
  rootId?: string | null;
  onClose: () => void;
  /** Called with each saved or attached person (a new root, for instance, may be opened). */
  onSaved?: (person: Pick<PersonSummary, 'id'>) => void;
  /** The new person's gender to start with, when the opener knows it (an ancestor chart's father or mother). */
  initialGender?: Gender;
}

interface Round {
  mode: PersonFormMode;
  /** 1 for the first person of this opening, then one more for each "add another". */
  counter: number;
  gender: Gender;
}

type Phase = { kind: 'form' } | { kind: 'another'; name: string; gender: Gender };

/**
 * The person create dialog of SPEC §2 and §4: "search existing" attaches a person already in the
 * tree, "create new" makes one; both in the relation that the mode says. After a child, a sibling
 * or the first parent it asks whether to add another.
 */
export function PersonFormDialog({
  treeId,
  mode,
  anchor,
  rootId = null,
  onClose,
  onSaved,
  initialGender: openingGender,
}: PersonFormDialogProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const modalProps = usePersonModalProps();
  const [openedWith, setOpenedWith] = useState<PersonFormMode | null>(null);
  const [round, setRound] = useState<Round>({ mode: 'parent', counter: 1, gender: 'unknown' });
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [anchorHadNoParents, setAnchorHadNoParents] = useState(false);
  const [tab, setTab] = useState<string | null>('create');
  const [otherParent, setOtherParent] = useState(UNKNOWN_PARENT);
  const [childIds, setChildIds] = useState<string[]>([]);
  const [searchError, setSearchError] = useState<TranslationKey | null>(null);
  const [limitCode, setLimitCode] = useState<TranslationKey | null>(null);

  // A fresh state for every opening (adjusting state while rendering, as React recommends over an effect).
  if (mode !== openedWith) {
    setOpenedWith(mode);
    if (mode) {
      setRound({ mode, counter: 1, gender: openingGender ?? initialGender(mode) });
      setPhase({ kind: 'form' });
      setAnchorHadNoParents((anchor?.parentIds.length ?? 0) === 0);
      setTab('create');
      setOtherParent(anchor?.partners[0]?.id ?? UNKNOWN_PARENT);
      setChildIds([]);
      setSearchError(null);
    }
  }

  const introduce = useIntroducePerson(treeId);
  const createPerson = useCreatePerson(treeId);
  const createParent = useCreateParent(treeId);
  const createChild = useCreateChild(treeId);
  const attachParent = useAttachParent(treeId);
  const attachPartner = useAttachPartner(treeId);
  const attachSibling = useAttachSibling(treeId);
  const attachChild = useAttachChild(treeId);
  const setRoot = useSetRoot(treeId);
  const isPending = [
    introduce,
    createPerson,
    createParent,
    createChild,
    attachParent,
    attachPartner,
    attachSibling,
    attachChild,
    setRoot,
  ].some((mutation) => mutation.isPending);

  const current = round.mode;
  const isIntro = current === 'intro';
  // The modes that relate the new person to the anchor (intro and root relate to nobody).
  const relationMode = current === 'intro' || current === 'root' ? null : current;
  const anchorName = anchor ? personName(anchor) : '';
  const otherParentId = otherParent === UNKNOWN_PARENT ? null : otherParent;
  const otherParentPerson = anchor?.partners.find((partner) => partner.id === otherParentId) ?? null;
  const childrenWithoutOtherParent = anchor?.children.filter((child) => child.otherParentId === null) ?? [];

  let suggestedSurname: string | null = null;
  if (anchor && current === 'child') suggestedSurname = suggestChildSurname(anchor, otherParentPerson);
  if (anchor && current === 'sibling') suggestedSurname = suggestSiblingSurname(anchor);

  const afterSave = (saved: Pick<PersonSummary, 'id' | 'fName' | 'pName' | 'lName'>, gender: Gender) => {
    onSaved?.(saved);
    if (asksForAnother(current, { anchorHadNoParents, counter: round.counter })) {
      setPhase({ kind: 'another', name: personName(saved), gender });
    } else {
      onClose();
    }
  };

  const addAnother = (gender: Gender) => {
    const next = nextRound(current, gender);
    setRound({ mode: next.mode, counter: round.counter + 1, gender: next.gender });
    setPhase({ kind: 'form' });
    setSearchError(null);
  };

  /** A limit answer opens the limit dialog (and is handled); anything else belongs to the form. */
  const isLimitHandled = (error: unknown): boolean => {
    const code = limitCodeOf(error);
    if (code) setLimitCode(code);
    return code !== null;
  };

  const create = async (values: PersonValues): Promise<Person | null> => {
    if (current === 'intro') {
      if (!anchor) return null;
      return introduce.mutateAsync({ personId: anchor.id, person: { ...values, revision: anchor.revision } });
    }
    if (current === 'root') return createPerson.mutateAsync({ person: values, asRoot: true });
    if (!anchor) return null;
    if (isParentMode(current)) return createParent.mutateAsync({ childId: anchor.id, parent: values });
    if (current === 'child') {
      const parentIds = otherParentId ? [anchor.id, otherParentId] : [anchor.id];
      return createChild.mutateAsync({ child: values, parentIds });
    }
    if (current === 'partner') {
      return createPerson.mutateAsync({ person: values, relation: { type: 'partner', personId: anchor.id, childIds } });
    }
    return createPerson.mutateAsync({ person: values, relation: { type: 'sibling', personId: anchor.id } });
  };

  /** Puts an existing person into the relation of the mode (or makes them the root). */
  const link = async (person: PersonSummary): Promise<void> => {
    if (current === 'root') {
      await setRoot.mutateAsync(person.id);
      return;
    }
    if (!anchor || current === 'intro') return;
    if (isParentMode(current)) await attachParent.mutateAsync({ personId: anchor.id, parentId: person.id });
    else if (current === 'child') {
      await attachChild.mutateAsync({ personId: anchor.id, childId: person.id, partnerId: otherParentId });
    } else if (current === 'partner') {
      await attachPartner.mutateAsync({ personId: anchor.id, partnerId: person.id, childIds });
    } else await attachSibling.mutateAsync({ personId: anchor.id, siblingId: person.id });
  };

  const submitNew = async (values: PersonValues) => {
    try {
      const saved = await create(values);
      if (saved) afterSave(saved, values.gender);
    } catch (error) {
      // The form shows everything else under its fields or above its buttons.
      if (!isLimitHandled(error)) throw error;
    }
  };

  const pickExisting = async (person: PersonSummary) => {
    setSearchError(null);
    try {
      await link(person);
      afterSave(person, person.gender);
    } catch (error) {
      if (!isLimitHandled(error)) setSearchError(errorKey(error));
    }
  };

  const relationOptions =
    anchor && current === 'child' && anchor.partners.length > 0 ? (
      <OtherParentChoice
        parentName={anchorName}
        partners={anchor.partners}
        value={otherParent}
        onChange={setOtherParent}
      />
    ) : anchor && current === 'partner' ? (
      <ChildrenChoice
        parentName={anchorName}
        candidates={childrenWithoutOtherParent}
        value={childIds}
        onChange={setChildIds}
      />
    ) : null;

  const form = (
    <PersonCreateForm
      key={round.counter}
      initialGender={round.gender}
      suggestedSurname={suggestedSurname}
      submitLabel={isIntro ? t('personDialog.introSubmit') : t('common.save')}
      onSubmit={submitNew}
      onCancel={onClose}
      pending={isPending}
      withOtherNames={!isIntro}
    >
      {relationOptions}
    </PersonCreateForm>
  );

  const title = (
    <Group gap="xs" wrap="nowrap">
      <Text fw={600} fz="lg" component="span">
        {t(`personDialog.title.${current}`)}
      </Text>
      {round.counter > 1 ? (
        <Badge variant="light" data-testid="person-form-counter">
          {t('personDialog.counter', { count: round.counter })}
        </Badge>
      ) : null}
    </Group>
  );

  return (
    <>
      <Modal
        {...modalProps}
        opened={mode !== null}
        onClose={onClose}
        // The welcome can always be closed (button, Escape, cancel); only a stray click beside it does not.
        closeOnClickOutside={!isIntro}
        // The intro opens with the page; there is no earlier focus to return to.
        returnFocus={!isIntro}
        title={title}
      >
        <div data-testid="person-form-dialog" data-mode={current}>
          {phase.kind === 'another' ? (
            <Stack data-testid="person-form-another">
              <Alert color="forest" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
                {t('personDialog.another.saved', { name: phase.name })}
              </Alert>
              <Text fw={500}>
                {t(
                  isParentMode(current)
                    ? 'personDialog.another.parent'
                    : `personDialog.another.${current === 'sibling' ? 'sibling' : 'child'}`,
                )}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose} data-testid="person-form-another-no">
                  {t('personDialog.another.no')}
                </Button>
                <Button onClick={() => addAnother(phase.gender)} data-testid="person-form-another-yes">
                  {t('personDialog.another.yes')}
                </Button>
              </Group>
            </Stack>
          ) : isIntro ? (
            <Stack gap="md">
              <Text c="dimmed">{t('personDialog.introText')}</Text>
              {form}
            </Stack>
          ) : (
            <Stack gap="sm">
              {anchor && relationMode ? (
                <Text size="sm" c="dimmed" data-testid="person-form-relation">
                  {t(`personDialog.relationTo.${relationMode}`, { name: anchorName })}
                </Text>
              ) : null}
              <Tabs value={tab} onChange={setTab} keepMounted={false}>
                <Tabs.List mb="md">
                  <Tabs.Tab
                    value="search"
                    leftSection={<IconUserSearch aria-hidden size={16} />}
                    data-testid="person-form-tab-search"
                  >
                    {t('personDialog.tabs.search')}
                  </Tabs.Tab>
                  <Tabs.Tab
                    value="create"
                    leftSection={<IconUserPlus aria-hidden size={16} />}
                    data-testid="person-form-tab-create"
                  >
                    {t('personDialog.tabs.create')}
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="search">
                  <Stack gap="sm">
                    {relationOptions}
                    <FormError message={searchError ? t(searchError) : undefined} testId="person-form-search-error" />
                    <PersonSearchList
                      treeId={treeId}
                      onSelect={(person) => void pickExisting(person)}
                      excludeIds={excludedFromSearch(current, anchor, rootId)}
                      selectLabel={t('personDialog.select')}
                    />
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="create">{form}</Tabs.Panel>
              </Tabs>
            </Stack>
          )}
        </div>
      </Modal>
      <LimitDialog code={limitCode} onClose={() => setLimitCode(null)} treeId={treeId} />
    </>
  );
}
