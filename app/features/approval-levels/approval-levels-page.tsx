import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpIcon, LockIcon, PlusIcon, Trash2Icon, Undo2Icon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { FieldErrors } from '../../../worker/contracts/envelope';
import {
  isLevelColour,
  lockingLevel,
  maxApprovalLevels,
  maxLevelName,
  type ApprovalLevel,
  type ApprovalLevels,
} from '../../../worker/contracts/quality';
import { Field, FormErrors } from '~/components/form';
import { SaveButton } from '~/components/save-button';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { qualityCalls } from '~/features/quality/queries';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { approvalLevelQueries } from './queries';

/** A level as the form holds it: `key` follows the row through moves, so its inputs and errors stay with it. */
interface Row {
  key: string;
  id: number | null;
  name: string;
  colour: string;
  in_use: boolean;
}

const rowsOf = (levels: ApprovalLevel[]): Row[] => levels.map((l) => ({ ...l, key: `level-${l.id}` }));
/** A field's messages under the name its `Field` shows them by, or none. */
const messagesAt = (name: string, messages: string[] | undefined): FieldErrors => (messages ? { [name]: messages } : {});
/** A new level's colour until the administrator picks one. */
const newColour = '#8b5cf6';

/**
 * `/approval-levels`: the deployment's approval levels, lowest first. The highest locks its ranges and stays last
 * (decision 0033); the list is saved whole, and a refusal leaves the edits in place with the server's words at the field.
 */
export function ApprovalLevelsPage() {
  const { data } = useSuspenseQuery(approvalLevelQueries.list());
  const [rows, setRows] = useState(() => rowsOf(data));
  // The rows' order as last sent: the server names a field by its index in that list.
  const [sent, setSent] = useState<string[]>([]);
  const added = useRef(0);
  const queryClient = useQueryClient();
  const { errors, form, pending } = useContractForm({
    call: () => qualityCalls().then((c) => c.setLevels),
    read: (): ApprovalLevels => {
      setSent(rows.map((r) => r.key));
      return { levels: rows.map(({ id, name, colour }) => ({ id, name, colour })) };
    },
    toasts: { success: m.approval_levels_saved, failure: 'errors' },
    invalidates: 'approval-levels',
    onSuccess: async (levels) => {
      setRows(rowsOf(levels));
      setSent([]);
      // The station screens show the levels' names and colours too.
      await queryClient.invalidateQueries({ queryKey: ['quality'] });
    },
  });
  const errorKey = (row: Row, field: 'name' | 'colour' | 'id') => {
    const at = sent.indexOf(row.key);
    return at < 0 ? undefined : `levels.${at}.${field}`;
  };
  const shown = rows.flatMap((row) => (['name', 'colour', 'id'] as const).flatMap((f) => errorKey(row, f) ?? []));

  const change = (key: string, patch: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (index: number, by: -1 | 1) =>
    setRows((all) => {
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });
  // A new level goes just below the locking one, which stays on top.
  const add = () => {
    added.current += 1;
    const key = `new-${added.current}`;
    setRows((all) => {
      const row = { key, id: null, name: '', colour: newColour, in_use: false };
      const lock = all.findIndex((r) => r.id === lockingLevel);
      return lock < 0 ? [...all, row] : [...all.slice(0, lock), row, ...all.slice(lock)];
    });
  };
  const remove = (key: string) => setRows((all) => all.filter((r) => r.key !== key));
  const changed =
    JSON.stringify(rows.map(({ id, name, colour }) => [id, name, colour])) !== JSON.stringify(data.map((l) => [l.id, l.name, l.colour]));

  return (
    <Card className="min-w-0" data-testid="approval-levels">
      <CardHeader>
        <CardTitle className="text-base">{m.approval_levels_title()}</CardTitle>
        <CardDescription>{m.approval_levels_hint()}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" noValidate {...form} className="grid gap-4">
          <FormErrors errors={errors} fields={shown} />
          {rows.length ? (
            <ol className="grid gap-2" aria-label={m.approval_levels_title()}>
              {rows.map((row, index) => (
                <LevelRow
                  key={row.key}
                  row={row}
                  number={index + 1}
                  messages={(field) => {
                    const key = errorKey(row, field);
                    return key ? errors[key] : undefined;
                  }}
                  up={index > 0 ? () => move(index, -1) : undefined}
                  down={index + 1 < rows.length && rows[index + 1].id !== lockingLevel ? () => move(index, 1) : undefined}
                  change={(patch) => change(row.key, patch)}
                  remove={() => remove(row.key)}
                />
              ))}
            </ol>
          ) : (
            <EmptyState title={m.approval_levels_none()} />
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={add} disabled={rows.length >= maxApprovalLevels}>
              <PlusIcon />
              {m.approval_levels_add()}
            </Button>
            <SaveButton pending={pending} />
            <Button type="button" variant="ghost" disabled={!changed || pending} onClick={() => setRows(rowsOf(data))}>
              <Undo2Icon />
              {m.approval_levels_reset()}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** One level: its swatch, name and colour with their messages, and the buttons that move or remove it (none on the locking level). */
function LevelRow({
  row,
  number,
  messages,
  up,
  down,
  change,
  remove,
}: {
  row: Row;
  number: number;
  messages: (field: 'name' | 'colour' | 'id') => string[] | undefined;
  up?: () => void;
  down?: () => void;
  change: (patch: Partial<Row>) => void;
  remove: () => void;
}) {
  const locking = row.id === lockingLevel;
  const general = messages('id');
  return (
    <li
      data-testid="approval-level"
      data-locking={locking || undefined}
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[auto_minmax(0,1fr)_minmax(0,14rem)_7.5rem] sm:items-start"
    >
      <div className="flex items-center gap-2 sm:pt-7">
        <span
          aria-hidden
          data-testid="level-swatch"
          className="size-5 shrink-0 rounded-full border"
          style={{ backgroundColor: isLevelColour(row.colour) ? row.colour : 'transparent' }}
        />
        <span className="text-sm text-muted-foreground tabular-nums">{number}</span>
      </div>
      <Field
        name={`${row.key}-name`}
        label={m.approval_levels_name({ n: number })}
        hint={locking ? m.approval_levels_locking() : row.in_use ? m.approval_levels_in_use() : undefined}
        errors={messagesAt(`${row.key}-name`, messages('name'))}
        control={(control) => (
          <Input {...control} value={row.name} maxLength={maxLevelName} onChange={(e) => change({ name: e.target.value })} />
        )}
      />
      <Field
        name={`${row.key}-colour`}
        label={m.approval_levels_colour({ n: number })}
        errors={messagesAt(`${row.key}-colour`, messages('colour'))}
        control={(control) => (
          <div className="flex gap-2">
            <input
              type="color"
              aria-label={m.approval_levels_pick({ n: number })}
              className="h-9 w-11 shrink-0 cursor-pointer rounded-md border bg-background p-1"
              value={isLevelColour(row.colour) ? row.colour.toLowerCase() : '#000000'}
              onChange={(e) => change({ colour: e.target.value })}
            />
            <Input
              {...control}
              className="font-mono"
              value={row.colour}
              maxLength={7}
              spellCheck={false}
              onChange={(e) => change({ colour: e.target.value })}
            />
          </div>
        )}
      />
      <div className="flex gap-1 sm:pt-6">
        {locking ? (
          <span className="flex h-9 items-center gap-1 px-2 text-sm text-muted-foreground">
            <LockIcon className="size-4" aria-hidden />
            {m.approval_levels_locks()}
          </span>
        ) : (
          <>
            <MoveButton label={m.approval_levels_up({ name: row.name || number })} onClick={up}>
              <ArrowUpIcon />
            </MoveButton>
            <MoveButton label={m.approval_levels_down({ name: row.name || number })} onClick={down}>
              <ArrowDownIcon />
            </MoveButton>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="text-destructive"
              aria-label={m.approval_levels_remove({ name: row.name || number })}
              onClick={remove}
            >
              <Trash2Icon />
            </Button>
          </>
        )}
      </div>
      {general && <p className="text-sm text-destructive sm:col-span-4">{general.join(' ')}</p>}
    </li>
  );
}

/**
 * Moves a level one place (no `onClick`: it is at that end). An unavailable move stays focusable (aria-disabled, not
 * disabled): a row moved to an end keeps the keyboard's focus.
 */
function MoveButton({ label, onClick, children }: { label: string; onClick?: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-disabled={!onClick || undefined}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
