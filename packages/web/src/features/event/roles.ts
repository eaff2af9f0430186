import { isKnownRole } from '@anor/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A participant's role as shown: the translated name of a known role, else the user's own text. */
export function useRoleLabel(): (role: string) => string {
  const { t } = useTranslation();
  return useCallback((role: string) => (isKnownRole(role) ? t(`events.roles.${role}`) : role), [t]);
}
