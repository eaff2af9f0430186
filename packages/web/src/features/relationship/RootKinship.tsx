import { yourKinshipWords } from '@anor/core';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../i18n/index.ts';
import { relationshipHref } from './paths.ts';
import { relationshipQueries } from './queries.ts';

/**
 * The person page's relation to the root in words ("Din farmors far"), from the shortest path of
 * the relationship calculator, as a link to all the paths. Nothing while unknown or unrelated.
 */
export function RootKinship({ treeId, rootId, personId }: { treeId: string; rootId: string; personId: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useQuery(relationshipQueries.between(treeId, rootId, personId, language));
  const first = query.data?.paths[0];
  if (!first) return null;
  const words = yourKinshipWords(first.kinship, language);
  return (
    <Anchor
      component={Link}
      to={relationshipHref(treeId, rootId, personId)}
      size="sm"
      title={t('relationship.toRoot')}
      data-testid="person-kinship"
    >
      {words.charAt(0).toLocaleUpperCase() + words.slice(1)}
    </Anchor>
  );
}
