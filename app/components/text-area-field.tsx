import type { ComponentProps } from 'react';
import { Field, type FieldProps } from '~/components/form';
import { Textarea } from '~/components/ui/textarea';

// Apart from form.tsx, which every sign-in page loads first and which has no text area.
/** A labelled multi-line text, as TextField. */
export function TextAreaField({ name, label, hint, errors, ...props }: ComponentProps<typeof Textarea> & FieldProps) {
  return (
    <Field name={name} label={label} hint={hint} errors={errors} control={(control) => <Textarea name={name} {...control} {...props} />} />
  );
}
