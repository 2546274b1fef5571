import { useNavigate, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AnyCall } from '../../worker/contracts/call';
import { allOf, type linkList, type LinkTabs, type NamedRef } from '../../worker/contracts/subjects';
import type { idList, idQuery } from '../../worker/contracts/validation';
import { EditScreen } from '~/components/edit-screen';
import { FormErrors } from '~/components/form';
import { LinkChecklist } from '~/components/link-checklist';
import { SaveButton } from '~/components/save-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { send } from '~/lib/api';
import type { ContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

/**
 * A tab of records this one links to: its texts, and the call that stores the ticked ids as the whole list (with the
 * quality control right of each, on links that carry it).
 */
export interface LinkTab {
  label: string;
  hint?: string;
  empty: string;
  call: AnyCall & { query: typeof idQuery; body: ReturnType<typeof idList> | ReturnType<typeof linkList> };
}

/**
 * The edit screen of a subject, group or item: title, a way back to the list, the basic form first, then one tab
 * per kind of link (`data` holds what it links to and what each tab offers) and any further tabs. Links need a
 * saved record (`id`), so a new one has only its form.
 */
export function RecordEditScreen<K extends string>({
  title,
  backTo,
  id,
  form,
  data,
  links,
  more = [],
}: {
  title: string;
  backTo: LinkProps['to'];
  id: number | undefined;
  form: ReactNode;
  data: NoInfer<LinkTabs<K>>;
  links: Record<K, LinkTab>;
  more?: { value: string; label: string; content: ReactNode }[];
}) {
  const linkTabs = (Object.entries<LinkTab>(links) as [K, LinkTab][]).map(([value, tab]) => ({
    value,
    label: tab.label,
    content: id !== undefined && (
      <>
        {tab.hint && <p className="mb-3 text-sm text-muted-foreground">{tab.hint}</p>}
        {/* Keyed by the stored links, so a save that changes them starts the list afresh. */}
        <LinkChecklist
          key={[data[value], data.quality?.[value] ?? []].join('|')}
          options={data[allOf(value)] as NamedRef[]}
          selected={data[value]}
          quality={data.quality?.[value]}
          save={(links) => send(tab.call, { query: { id }, body: links as number[] })}
          empty={tab.empty}
        />
      </>
    ),
  }));
  const tabs = [...linkTabs, ...more];
  return (
    <EditScreen title={title} backTo={backTo}>
      <Tabs defaultValue="basic">
        <TabsList>
          <TabsTrigger value="basic">{m.admin_tab_basic()}</TabsTrigger>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} disabled={id === undefined}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="basic">{form}</TabsContent>
        {id !== undefined &&
          tabs.map((tab) => (
            <TabsContent key={tab.value} value={tab.value}>
              {tab.content}
            </TabsContent>
          ))}
      </Tabs>
    </EditScreen>
  );
}

/**
 * What the basic form of a record's edit screen does once it is sent: says it saved (or `failed`), reads the
 * `resource`'s queries again, and (SPEC §4) a new record goes back to its `list`.
 */
export function useRecordSaved({
  resource,
  list,
  failed,
  isNew,
}: {
  resource: string;
  list: LinkProps['to'];
  failed: () => string;
  isNew: boolean;
}) {
  const navigate = useNavigate();
  return {
    toasts: { success: m.admin_toast_saved, failure: failed },
    invalidates: resource,
    onSuccess: () => isNew && navigate({ to: list }),
  };
}

/** The basic form of a record's edit screen: the messages of no shown field, a new record's note, its fields and Save. */
export function RecordForm({
  form,
  errors,
  pending,
  fields,
  isNew,
  children,
}: ContractForm<unknown> & { fields: string[]; isNew: boolean; children: ReactNode }) {
  return (
    <form method="post" noValidate {...form} className="grid max-w-2xl gap-4">
      <FormErrors errors={errors} fields={fields} />
      {isNew && <p className="text-sm text-muted-foreground">{m.admin_save_first()}</p>}
      {children}
      <SaveButton pending={pending} />
    </form>
  );
}
