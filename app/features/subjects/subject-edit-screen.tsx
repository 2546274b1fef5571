import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Users, type SubjectEdit } from '../../../worker/contracts/subjects';
import { EditScreen } from '~/components/edit-screen';
import { FormErrors } from '~/components/form';
import { LinkChecklist } from '~/components/link-checklist';
import { SaveButton } from '~/components/save-button';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { subjectQueries } from '~/features/subjects/queries';
import { SubjectFields, subjectFieldNames, subjectFieldValues } from '~/features/subjects/subject-fields';
import { useSaveForm } from '~/lib/use-save-form';
import { m } from '~/paraglide/messages';

/** `/edit-subject` and `/edit-subject/$id`. */
export function SubjectEditScreen({ id }: { id?: number }) {
  const query = useQuery(subjectQueries.detail(id));
  return (
    <EditScreen title={id ? m.admin_subject_edit_title() : m.admin_subject_new_title()} backTo="/subjects" query={query}>
      {(data) => (
        <Tabs defaultValue="basic">
          <TabsList>
            <TabsTrigger value="basic">{m.admin_tab_basic()}</TabsTrigger>
            <TabsTrigger value="groups" disabled={!data.subject}>
              {m.admin_tab_subject_groups()}
            </TabsTrigger>
            <TabsTrigger value="items" disabled={!data.subject}>
              {m.admin_tab_subject_items()}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="basic">
            <SubjectForm subject={data.subject} />
          </TabsContent>
          {data.subject && (
            <>
              <TabsContent value="groups">
                <LinkChecklist
                  key={data.groups.join()}
                  options={data.allGroups}
                  selected={data.groups}
                  path={`/subjects/groups?id=${data.subject.id}`}
                  model="SubjectGroups"
                  empty={m.admin_no_groups()}
                />
              </TabsContent>
              <TabsContent value="items">
                <p className="mb-3 text-sm text-muted-foreground">{m.admin_subject_items_hint()}</p>
                <LinkChecklist
                  key={data.items.join()}
                  options={data.allItems}
                  selected={data.items}
                  path={`/subjects/items?id=${data.subject.id}`}
                  model="ItemsSubject"
                  empty={m.admin_no_items()}
                />
              </TabsContent>
            </>
          )}
        </Tabs>
      )}
    </EditScreen>
  );
}

function SubjectForm({ subject }: { subject: SubjectEdit['subject'] }) {
  const navigate = useNavigate();
  const [isAdmin, setIsAdmin] = useState(subject?.isAdmin ?? false);
  const { errors, submit, pending } = useSaveForm({
    schema: Users,
    path: '/subjects/edit',
    model: 'Users',
    resource: 'subjects',
    failure: m.admin_subject_save_failed,
    conflict: { field: 'username', text: m.admin_subject_username_taken },
    onSaved: () => {
      if (!subject) return navigate({ to: '/subjects' });
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit({
      ...subjectFieldValues(new FormData(event.currentTarget)),
      id: subject?.id,
      isAdmin,
    });
  };
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid max-w-2xl gap-4">
      <FormErrors errors={errors} fields={[...subjectFieldNames, 'isAdmin']} />
      {!subject && <p className="text-sm text-muted-foreground">{m.admin_save_first()}</p>}
      <SubjectFields subject={subject} errors={errors} />
      <div className="flex items-center gap-3">
        <Switch id="field-isAdmin" checked={isAdmin} onCheckedChange={setIsAdmin} />
        <Label htmlFor="field-isAdmin">{m.admin_subject_is_admin()}</Label>
        <span className="text-sm text-muted-foreground" aria-hidden>
          {isAdmin ? m.admin_yes() : m.admin_no()}
        </span>
      </div>
      {errors.isAdmin && <p className="text-sm text-destructive">{errors.isAdmin.join(' ')}</p>}
      <SaveButton pending={pending} />
    </form>
  );
}
