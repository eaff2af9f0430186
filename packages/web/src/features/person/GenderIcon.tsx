import type { Gender } from '@anor/core';
import {
  IconGenderAgender,
  IconGenderFemale,
  IconGenderMale,
  type IconProps,
  IconQuestionMark,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

const icons: Record<Gender, ComponentType<IconProps>> = {
  male: IconGenderMale,
  female: IconGenderFemale,
  other: IconGenderAgender,
  unknown: IconQuestionMark,
};

/** The symbol of a gender; decorative, the gender's name is always written beside or in a label. */
export function GenderIcon({ gender, size = 16, ...props }: IconProps & { gender: Gender }) {
  const Icon = icons[gender];
  return <Icon aria-hidden size={size} {...props} />;
}
