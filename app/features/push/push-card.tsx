import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRingIcon, SmartphoneIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { PushDevice } from '../../../worker/contracts/push';
import { homeZone } from '../../../shared/station-time';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { send } from '~/lib/api';
import { stationDateTime } from '~/lib/format';
import { serverErrorText } from '~/lib/server-errors';
import { toast } from '~/lib/toast';
import { m } from '~/paraglide/messages';
import { currentSubscription, PermissionDenied, pushSupported, rememberDevice, subscribeBrowser, thisDeviceId } from './subscribe';

const calls = () => import('../../../worker/contracts/push').then((c) => c.pushCalls);
const devicesKey = ['push', 'devices'];
// Both are read in the browser only: whether push works here is the browser's to say.
const keyQuery = { queryKey: ['push', 'key'], queryFn: () => send(() => calls().then((c) => c.key)), staleTime: Infinity };
const devicesQuery = { queryKey: devicesKey, queryFn: () => send(() => calls().then((c) => c.devices)) };

const when = (instant: string) => stationDateTime(instant, homeZone);

/** Removes a device; this browser's own is also unsubscribed from its push service. */
function useRemoveDevice(device: PushDevice, onRemoved: (() => void) | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (onRemoved) await (await currentSubscription())?.unsubscribe();
      return send(() => calls().then((c) => c.unsubscribe), { query: { id: device.id } });
    },
    onSuccess: async () => {
      if (onRemoved) {
        rememberDevice(null);
        onRemoved();
      }
      toast.success(m.push_removed());
      await queryClient.invalidateQueries({ queryKey: devicesKey });
    },
    onError: (error) => toast.warning(serverErrorText(error)),
  });
}

function TurnOffButton({ device, onRemoved }: { device: PushDevice; onRemoved: () => void }) {
  const off = useRemoveDevice(device, onRemoved);
  return (
    <Button variant="outline" onClick={() => off.mutate()} disabled={off.isPending}>
      {m.push_turn_off()}
    </Button>
  );
}

/** `onRemoved` only for this browser's own device. */
function DeviceRow({ device, onRemoved }: { device: PushDevice; onRemoved: (() => void) | null }) {
  const name = device.label ?? m.push_unknown_browser();
  const here = onRemoved !== null;
  const remove = useRemoveDevice(device, onRemoved);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border px-3 py-2" data-testid="push-device">
      <SmartphoneIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1 basis-40 truncate font-medium" title={name}>
        {name}
        {here && <span className="font-normal text-muted-foreground"> · {m.push_this_device()}</span>}
      </span>
      <span className="order-last basis-full text-xs text-muted-foreground tabular-nums">
        {m.push_added({ date: when(device.created_at) })}
        {device.last_success_at && ` · ${m.push_last_delivered({ date: when(device.last_success_at) })}`}
        {device.last_failure_at && ` · ${m.push_last_failed({ date: when(device.last_failure_at), error: device.last_error ?? '' })}`}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={remove.isPending}
        aria-label={m.push_remove_named({ name })}
        onClick={() => remove.mutate()}
      >
        <XIcon />
      </Button>
    </li>
  );
}

/**
 * The profile's push card: turns Web Push on or off for this browser (permission, service worker, subscription,
 * all only on request), lists the subject's devices with remove, and sends a test notification to all of them.
 */
export function PushCard() {
  const titleId = useId();
  const queryClient = useQueryClient();
  // Known after hydration: the server cannot tell what the browser supports.
  const [supported, setSupported] = useState<boolean | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [hereId, setHereId] = useState<number | null>(null);
  const [denied, setDenied] = useState(false);
  const key = useQuery({ ...keyQuery, enabled: supported !== null });
  const devices = useQuery({ ...devicesQuery, enabled: supported !== null });

  useEffect(() => {
    const can = pushSupported();
    setSupported(can);
    setHereId(thisDeviceId());
    if (can) void currentSubscription().then((s) => setSubscribed(s !== null));
  }, []);

  const turnOn = useMutation({
    mutationFn: async (publicKey: string) => {
      const body = await subscribeBrowser(publicKey);
      return send(() => calls().then((c) => c.subscribe), { body });
    },
    onSuccess: async (device) => {
      rememberDevice(device.id);
      setHereId(device.id);
      setSubscribed(true);
      setDenied(false);
      await queryClient.invalidateQueries({ queryKey: devicesKey });
    },
    onError: (error) => (error instanceof PermissionDenied ? setDenied(true) : toast.warning(m.push_failed())),
  });
  const test = useMutation({
    mutationFn: () => send(() => calls().then((c) => c.test)),
    onSuccess: async (result) => {
      toast.success(m.push_test_result({ sent: result.sent, failed: result.failed, removed: result.removed }));
      await queryClient.invalidateQueries({ queryKey: devicesKey });
    },
    onError: (error) => toast.warning(serverErrorText(error)),
  });

  const thisDevice = subscribed ? devices.data?.find((d) => d.id === hereId) : undefined;
  return (
    <Card className="max-w-2xl" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{m.push_title()}</CardTitle>
        <CardDescription>{m.push_description()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {supported === null || key.isPending ? (
          <Skeleton className="h-9 w-48" />
        ) : !supported ? (
          <Alert>{m.push_unsupported()}</Alert>
        ) : key.data?.public_key ? (
          <div className="flex flex-wrap items-center gap-3">
            {thisDevice ? (
              <>
                <p className="flex items-center gap-2 text-sm">
                  <BellRingIcon className="size-4 text-primary" aria-hidden />
                  {m.push_on_here()}
                </p>
                <TurnOffButton device={thisDevice} onRemoved={() => setSubscribed(false)} />
              </>
            ) : (
              <Button onClick={() => turnOn.mutate(key.data.public_key!)} disabled={turnOn.isPending}>
                {m.push_turn_on()}
              </Button>
            )}
          </div>
        ) : (
          <Alert>{key.isError ? serverErrorText(key.error) : m.push_not_configured()}</Alert>
        )}
        {denied && <Alert variant="destructive">{m.push_denied()}</Alert>}
        <section className="grid gap-2" aria-label={m.push_devices()}>
          <h3 className="text-sm font-medium">{m.push_devices()}</h3>
          {devices.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : devices.isError ? (
            <p className="text-sm text-destructive">{serverErrorText(devices.error)}</p>
          ) : devices.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{m.push_no_devices()}</p>
          ) : (
            <ul className="grid gap-2">
              {devices.data.map((device) => (
                <DeviceRow
                  key={device.id}
                  device={device}
                  onRemoved={subscribed && device.id === hereId ? () => setSubscribed(false) : null}
                />
              ))}
            </ul>
          )}
        </section>
        {devices.data && devices.data.length > 0 && key.data?.public_key && (
          <div>
            <Button variant="outline" onClick={() => test.mutate()} disabled={test.isPending}>
              {m.push_send_test()}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
