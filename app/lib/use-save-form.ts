import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { FieldErrors } from '../../worker/domain/errors';
import { api } from '~/lib/api';
import { serverErrors, validate } from '~/lib/validation';
import { m } from '~/paraglide/messages';

/**
 * The save button of an edit form: checks the values against the server's contract, posts them wrapped in
 * the model name, says "Action save" or warns (SPEC §8) and keeps the field errors for the form to show.
 */
export function useSaveForm<S extends z.ZodType, T>({
  schema,
  path,
  model,
  resource,
  failure,
  conflict,
  onSaved,
}: {
  schema: S;
  path: string;
  model: string;
  /** First key of the queries that show this record; all of them are read again after a save. */
  resource: string;
  /** The warning toast of a failed save. */
  failure: () => string;
  /** A 409 belongs to this field, worded by `text`. */
  conflict?: { field: string; text: () => string };
  onSaved: (saved: T) => void | Promise<void>;
}) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: (body: z.output<S>) => api<T>(path, { method: 'POST', body: { [model]: body } }),
    onSuccess: async (saved) => {
      toast.success(m.admin_toast_saved());
      await queryClient.invalidateQueries({ queryKey: [resource] });
      await onSaved(saved);
    },
    onError: (error) => {
      setErrors(serverErrors(error, conflict ? { 409: conflict } : {}));
      toast.warning(failure());
    },
  });

  const submit = (values: Record<string, unknown>) => {
    const result = validate(schema, values);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    mutation.mutate(result.data);
  };

  return { errors, submit, pending: mutation.isPending };
}
