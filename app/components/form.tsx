import { useHydrated } from '@tanstack/react-router';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Alert } from '~/components/ui/alert';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import type { FieldErrors } from '../../worker/contracts/envelope';

export interface FieldProps {
  name: string;
  label: string;
  hint?: string;
  errors: FieldErrors;
}

/** What ties a control to its label, hint and messages for screen readers. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label over a control, with an optional hint and the field's messages below it. */
export function Field({ name, label, hint, errors, control }: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const messages = errors[name];
  const id = `field-${name}`;
  const describedBy = [hint && `${id}-hint`, messages && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {control({ id, 'aria-invalid': messages ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {messages && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {messages.join(' ')}
        </p>
      )}
    </div>
  );
}

/** A labelled input with an optional hint and its messages; both are tied to the input for screen readers. */
export function TextField({ name, label, hint, errors, ...props }: ComponentProps<typeof Input> & FieldProps) {
  return (
    <Field name={name} label={label} hint={hint} errors={errors} control={(control) => <Input name={name} {...control} {...props} />} />
  );
}

/** Messages that belong to no field of the form (and those of fields the form does not show). */
export function FormErrors({ errors, fields }: { errors: FieldErrors; fields: string[] }) {
  const messages = Object.entries(errors)
    .filter(([key]) => !fields.includes(key))
    .flatMap(([, list]) => list);
  if (!messages.length) return null;
  return <Alert variant="destructive">{messages.join(' ')}</Alert>;
}

/**
 * The form's submit button, disabled until the page is hydrated: a click before that would let the browser
 * send the form on its own, as a GET with the password in the address.
 */
export function SubmitButton({ pending, ...props }: ComponentProps<typeof Button> & { pending: boolean }) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={!hydrated || pending} {...props} />;
}
