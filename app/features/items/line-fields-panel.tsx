import { useQuery } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import type { LineFieldsReply } from '../../../worker/contracts/items';
import { FormErrors, SubmitButton } from '~/components/form';
import { ErrorState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { OptionSelect } from '~/features/alarms/option-select';
import { itemQueries } from '~/features/items/queries';
import { readingByCode } from '~/features/stations/readings';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

/** A station's line protocol tab: how its writes reach Hladina, and the field names that stand for its reading codes. */
export function LineFieldsPanel({ itemId, uniqueId }: { itemId: number; uniqueId: string }) {
  const query = useQuery(itemQueries.lineFields(itemId));
  if (query.isPending) return <Skeleton className="h-64 w-full max-w-3xl" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <LineFieldsForm key={JSON.stringify(query.data.fields)} state={query.data} uniqueId={uniqueId} />;
}

interface Row {
  key: number;
  field: string;
  code: string;
}

let nextKey = 0;
const rowOf = (field: string, code: string): Row => ({ key: nextKey++, field, code });
const readingName = (code: string) => {
  const reading = readingByCode(code);
  return reading ? `${reading.name} (${code})` : code;
};

function LineFieldsForm({ state, uniqueId }: { state: LineFieldsReply; uniqueId: string }) {
  const [rows, setRows] = useState(() => state.fields.map((f) => rowOf(f.field, f.code)));
  const { errors, form, pending } = useContractForm({
    call: () => import('../../../worker/contracts/items').then((c) => c.itemCalls.setLineFields),
    query: { id: state.item_id },
    // A row left without a name maps nothing.
    read: () => ({ fields: rows.filter((r) => r.field.trim()).map(({ field, code }) => ({ field, code })) }),
    toasts: { success: m.line_fields_saved, failure: 'errors' },
    invalidates: 'items',
  });
  const set = (key: number, change: Partial<Row>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const options = state.codes.map((code) => ({ value: code, label: readingName(code) }));
  const example = `logger,station=${uniqueId} ${state.codes
    .slice(0, 2)
    .map((code, i) => `${code.replace(/ /g, '\\ ')}=${i ? '0.61' : '2.51'}`)
    .join(',')} 1767225600`;
  const twice = (i: number) => rows[i].field.trim() !== '' && rows.findIndex((r) => r.field.trim() === rows[i].field.trim()) < i;
  // The server names a field by its place among the rows sent, which leave out rows without a name.
  const rowErrors = (i: number) => {
    if (!rows[i].field.trim()) return [];
    const sent = rows.slice(0, i).filter((r) => r.field.trim()).length;
    return [...(errors[`fields.${sent}.field`] ?? []), ...(errors[`fields.${sent}.code`] ?? [])];
  };
  return (
    <div className="grid max-w-3xl min-w-0 gap-4" data-testid="line-fields">
      <p className="max-w-prose text-sm text-muted-foreground">{m.line_fields_intro()}</p>
      <pre className="overflow-x-auto rounded-lg border bg-muted/50 p-3 text-xs">
        <code>{`POST /influx/write?precision=s\nAuthorization: Token <${m.admin_tab_token()}>\n\n${example}`}</code>
      </pre>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-base">{m.line_fields_title()}</CardTitle>
          <CardDescription>{m.line_fields_hint({ codes: state.codes.join(', ') })}</CardDescription>
        </CardHeader>
        <CardContent>
          <form method="post" noValidate {...form} className="grid gap-3">
            <FormErrors errors={errors} fields={Object.keys(errors).filter((key) => /^fields\.\d+\./.test(key))} />
            {rows.length === 0 && <p className="text-sm text-muted-foreground">{m.line_fields_none()}</p>}
            {rows.map((row, i) => (
              <fieldset key={row.key} className="grid gap-1" data-testid="line-field">
                <legend className="sr-only">{m.line_fields_field()}</legend>
                <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] sm:items-center">
                  <Input
                    aria-label={m.line_fields_field()}
                    className="h-9"
                    value={row.field}
                    maxLength={100}
                    placeholder={m.line_fields_field()}
                    aria-invalid={rowErrors(i).length || twice(i) ? true : undefined}
                    onChange={(e) => set(row.key, { field: e.target.value })}
                  />
                  <span aria-hidden className="hidden text-muted-foreground sm:inline">
                    →
                  </span>
                  <div className="flex gap-2 sm:contents">
                    <OptionSelect
                      aria-label={m.line_fields_code()}
                      className="h-9 min-w-0 flex-1"
                      value={row.code}
                      options={state.codes.includes(row.code) ? options : [...options, { value: row.code, label: row.code }]}
                      onChange={(code) => set(row.key, { code })}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={m.line_fields_remove({ field: row.field || '…' })}
                      onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                    >
                      <Trash2Icon />
                    </Button>
                  </div>
                </div>
                {twice(i) && <p className="text-sm text-destructive">{m.line_fields_twice()}</p>}
                {!state.codes.includes(row.code) && (
                  <p className="text-sm text-destructive">{m.line_fields_other_source({ source: state.source })}</p>
                )}
                {rowErrors(i).length > 0 && <p className="text-sm text-destructive">{rowErrors(i).join(' ')}</p>}
              </fieldset>
            ))}
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={() => setRows((list) => [...list, rowOf('', state.codes[0])])}>
                <PlusIcon />
                {m.line_fields_add()}
              </Button>
              <SubmitButton pending={pending}>{pending ? m.action_working() : m.admin_save()}</SubmitButton>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
