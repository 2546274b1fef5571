import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { AnyCall, BodyOf, CallInput, CallReply } from '../../worker/contracts/call';
import type { FieldErrors } from '../../worker/contracts/envelope';
import { send as sendCall } from '~/lib/api';
import type { KnownErrors } from '~/lib/server-errors';
import { toast } from '~/lib/toast';

type BodyCall = AnyCall & { body: z.ZodType };

/**
 * A form that submits one call: `call` loads its spec, e.g. `() => import('…/contracts/site').then((c) => c.siteCalls.login)`,
 * whose body schema the form checks first (worded in the user's language) and which it then sends. It loads when
 * the form is first touched, so a page's first load carries no validation library.
 */
interface CallFormOptions<C extends BodyCall> {
  call: () => Promise<C>;
  /** The call's query, for calls that take one (e.g. the id of what is edited). */
  query?: CallInput<C>['query'];
  /** The submitted form's values, named as the contract names them. */
  read: (form: FormData) => unknown;
  /** Failures this form words itself: by status, the field they belong to and the text. */
  known?: KnownErrors;
  /** Toasts (SPEC §8): after success; after failure a fixed warning, or `'errors'`: an error toast in the failure's own words. */
  toasts?: { success?: () => string; failure?: (() => string) | 'errors' };
  /** First key of the queries that show what was saved; they are read again after a success. */
  invalidates?: string;
  onSuccess?: (result: CallReply<C>) => unknown;
  /** After a failure has been shown: e.g. read again what a conflict says is stale. */
  onError?: (errors: FieldErrors) => unknown;
}

/**
 * Every form's submit: validate with the contract, send, show the server's field errors on their fields and
 * toast the outcome. Returns the errors to show, the form's handlers and the request's state.
 */
export function useContractForm<C extends BodyCall>({
  call,
  query,
  read,
  known = {},
  toasts = {},
  invalidates,
  onSuccess,
  onError,
}: CallFormOptions<C>): ContractForm<z.output<BodyOf<C>>> {
  const contract = () => call().then((spec) => spec.body);
  const send = (values: z.output<BodyOf<C>>) => sendCall(call, { query, body: values } as unknown as CallInput<C>);
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      if (toasts.success) toast.success(toasts.success());
      if (invalidates) await queryClient.invalidateQueries({ queryKey: [invalidates] });
      await onSuccess?.(result);
    },
    onError: async (error) => {
      // How failures are worded loads with the first failure.
      const { serverErrors } = await import('~/lib/server-errors');
      const found = serverErrors(error, known);
      setErrors(found);
      if (toasts.failure === 'errors') toast.error(Object.values(found).flat().join(' '));
      else if (toasts.failure) toast.warning(toasts.failure());
      await onError?.(found);
    },
  });
  const rules = () => Promise.all([import('~/lib/validation'), contract()]);

  /** Checks the form as a submit does and shows what fails; the values once they pass (a preview sends them elsewhere). */
  const check = async (element: HTMLFormElement): Promise<z.output<BodyOf<C>> | undefined> => {
    const values = read(new FormData(element));
    const [{ validate }, schema] = await rules();
    const result = validate(schema, values);
    setErrors('errors' in result ? result.errors : {});
    return 'errors' in result ? undefined : (result.data as z.output<BodyOf<C>>);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = await check(event.currentTarget);
    if (values !== undefined) mutation.mutate(values);
  };

  /** Loads the rules while the user fills the form in, so the submit need not wait for them. */
  const onFocus = () => void rules();

  return { errors, form: { onSubmit, onFocus }, pending: mutation.isPending, succeeded: mutation.isSuccess, check };
}

export interface ContractForm<V> {
  errors: FieldErrors;
  form: { onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>; onFocus: () => void };
  pending: boolean;
  succeeded: boolean;
  check: (element: HTMLFormElement) => Promise<V | undefined>;
}
