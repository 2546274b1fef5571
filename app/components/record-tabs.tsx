import type { ReactNode } from 'react';
import { LinkChecklist } from '~/components/link-checklist';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { m } from '~/paraglide/messages';

/** A tab of records this one links to, saved as a whole list through the API. */
export interface LinkTab {
  value: string;
  label: string;
  hint?: string;
  options: { id: number; name: string }[];
  selected: number[];
  /** Stores the ticked ids as the whole list of links. */
  save: (ids: number[]) => Promise<unknown>;
  empty: string;
}

/**
 * The tabs of the subject, group and item screens: the basic form first, then one tab per kind of link and
 * any further tabs. Links need a saved record, so a new one has only its form.
 */
export function RecordTabs({ saved, form, links, more = [] }: { saved: boolean; form: ReactNode; links: LinkTab[]; more?: { value: string; label: string; content: ReactNode }[] }) {
  return (
    <Tabs defaultValue="basic">
      {/* Five tabs do not fit a phone: they wrap rather than hide behind a sideways scroll. */}
      <TabsList className="h-auto flex-wrap [&>*]:h-8">
        <TabsTrigger value="basic">{m.admin_tab_basic()}</TabsTrigger>
        {[...links, ...more].map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} disabled={!saved}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="basic">{form}</TabsContent>
      {saved &&
        links.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.hint && <p className="mb-3 text-sm text-muted-foreground">{tab.hint}</p>}
            {/* Keyed by the stored links, so a save that changes them starts the list afresh. */}
            <LinkChecklist key={tab.selected.join()} options={tab.options} selected={tab.selected} save={tab.save} empty={tab.empty} />
          </TabsContent>
        ))}
      {saved &&
        more.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.content}
          </TabsContent>
        ))}
    </Tabs>
  );
}
