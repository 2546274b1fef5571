import { useHydrated } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { Button } from '~/components/ui/button';
import { Alert } from '~/components/ui/alert';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import type { FieldErrors } from '../../worker/domain/errors';

/** A labelled input with its messages; the messages are tied to the input for screen readers. */
export function TextField({ name, label, errors, ...props }: ComponentProps<typeof Input> & { name: string; label: string; errors: FieldErrors }) {
  const messages = errors[name];
  const id = `field-${name}`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={name} aria-invalid={messages ? true : undefined} aria-describedby={messages ? `${id}-error` : undefined} {...props} />
      {messages && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {messages.join(' ')}
        </p>
      )}
    </div>
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
