import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { FieldErrors } from '../../worker/contracts/envelope';
import { serverErrors, validate, type KnownErrors } from '~/lib/validation';

interface ContractFormOptions<S extends z.ZodType, R> {
  /** The contract the server validates with: the form checks the same rules, worded in the user's language. */
  schema: S;
  /** The submitted form's values, named as the contract names them. */
  read: (form: FormData) => unknown;
  send: (values: z.output<S>) => Promise<R>;
  /** Failures this form words itself: by status, the field they belong to and the text. */
  known?: KnownErrors;
  /** Toasts (SPEC §8): after success; after failure a fixed warning, or `'errors'`: an error toast in the failure's own words. */
  toasts?: { success?: () => string; failure?: (() => string) | 'errors' };
  /** First key of the queries that show what was saved; they are read again after a success. */
  invalidates?: string;
  onSuccess?: (result: R) => unknown;
}

/**
 * Every form's submit: validate with the contract, send, show the server's field errors on their fields and
 * toast the outcome. Returns the errors to show, the submit handler and the request's state.
 */
export function useContractForm<S extends z.ZodType, R>({ schema, read, send, known = {}, toasts = {}, invalidates, onSuccess }: ContractFormOptions<S, R>) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      if (toasts.success) toast.success(toasts.success());
      if (invalidates) await queryClient.invalidateQueries({ queryKey: [invalidates] });
      await onSuccess?.(result);
    },
    onError: (error) => {
      const found = serverErrors(error, known);
      setErrors(found);
      if (toasts.failure === 'errors') toast.error(Object.values(found).flat().join(' '));
      else if (toasts.failure) toast.warning(toasts.failure());
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(schema, read(new FormData(event.currentTarget)));
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    mutation.mutate(result.data);
  };

  return { errors, onSubmit, pending: mutation.isPending, succeeded: mutation.isSuccess };
}
