import type { ComponentProps } from 'react';
import { NOTES_MAX_LENGTH } from '@sh/shared/contract';
import { TextAreaField } from './TextAreaField';
import { formatWholeNumber } from '../lib/format';

/**
 * A service record's notes, as the add-service wizard asks for them and the admin's edit dialog corrects them: the
 * form's bound field, held to NOTES_MAX_LENGTH, its hint counting the characters used.
 */
export function NotesField({
  isOptional = false,
  ...props
}: Omit<ComponentProps<typeof TextAreaField>, 'hint' | 'maxLength' | 'value'> & {
  value: string;
  isOptional?: boolean;
}) {
  const used = `${formatWholeNumber(props.value.length)} of ${formatWholeNumber(NOTES_MAX_LENGTH)} characters used.`;
  return <TextAreaField hint={isOptional ? `Optional. ${used}` : used} maxLength={NOTES_MAX_LENGTH} {...props} />;
}
