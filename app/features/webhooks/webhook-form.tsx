import { useState } from 'react';
import type { Webhook, WebhookEvent } from '../../../worker/contracts/webhooks';
import { FormErrors, TextField } from '~/components/form';
import { SaveButton } from '~/components/save-button';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { eventLabel, webhookEventOptions } from './labels';
import { webhookCalls } from './queries';
import { StationPicker } from './station-picker';

const fieldNames = ['url', 'description', 'events', 'stations'];

/** A webhook's address, description, events and stations; a new one hands its reply (with the secret) to `onCreated`. */
export function WebhookForm({
  webhook,
  stations,
  onCreated,
}: {
  webhook: Webhook | null;
  stations: { id: number; name: string; unique_id: string }[];
  onCreated: (created: Webhook) => void;
}) {
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? webhookEventOptions);
  const [chosen, setChosen] = useState<number[]>(webhook?.stations ?? []);
  const { errors, form, pending } = useContractForm({
    call: () => webhookCalls().then((c) => c.save),
    read: (data) => ({ id: webhook?.id, url: data.get('url'), description: data.get('description'), events, stations: chosen }),
    toasts: { success: m.admin_toast_saved, failure: m.webhooks_save_failed },
    invalidates: 'webhooks',
    onSuccess: (saved) => !webhook && onCreated(saved),
  });
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) =>
      on ? webhookEventOptions.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event),
    );

  return (
    <form method="post" noValidate {...form} className="grid max-w-2xl grid-cols-1 gap-5">
      <FormErrors errors={errors} fields={fieldNames} />
      <TextField
        name="url"
        type="url"
        inputMode="url"
        label={m.webhooks_url()}
        hint={m.webhooks_url_hint()}
        placeholder="https://"
        defaultValue={webhook?.url}
        errors={errors}
      />
      <TextField
        name="description"
        label={m.webhooks_description_field()}
        defaultValue={webhook?.description ?? ''}
        maxLength={200}
        errors={errors}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{m.webhooks_events()}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {webhookEventOptions.map((event) => (
            <Label key={event} className="flex cursor-pointer items-center gap-2 font-normal">
              <Checkbox checked={events.includes(event)} onCheckedChange={(on) => toggle(event, on)} />
              {eventLabel(event)}
              <code className="text-xs text-muted-foreground">{event}</code>
            </Label>
          ))}
        </div>
        {errors.events ? (
          <p className="text-sm text-destructive">{m.webhooks_events_needed()}</p>
        ) : (
          <p className="text-xs text-muted-foreground">{m.webhooks_events_hint()}</p>
        )}
      </fieldset>
      <StationPicker stations={stations} selected={chosen} onChange={setChosen} />
      {errors.stations && <p className="text-sm text-destructive">{errors.stations.join(' ')}</p>}
      <SaveButton pending={pending} />
    </form>
  );
}
