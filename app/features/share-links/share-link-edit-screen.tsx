import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { SavedShareLink } from '../../../worker/contracts/share-links';
import { EditScreen } from '~/components/edit-screen';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { m } from '~/paraglide/messages';
import { RevokeAction } from './columns';
import { LinkStateBadge, whenLabel } from './labels';
import { LinkAddresses } from './link-addresses';
import { shareLinkQueries } from './queries';
import { ShareLinkForm } from './share-link-form';

/** `/edit-share-link` and `/edit-share-link/$id`: the form; a new link's addresses once; an existing one's state and views. */
export function ShareLinkEditScreen({ id }: { id?: number }) {
  const { data } = useSuspenseQuery(shareLinkQueries.detail(id));
  const { link } = data;
  const [created, setCreated] = useState<SavedShareLink | null>(null);
  return (
    <EditScreen title={link ? m.share_links_edit_title() : m.share_links_new_title()} backTo="/share-links">
      {created?.path ? (
        <div className="grid max-w-2xl gap-4">
          <p className="text-sm">{m.share_links_created({ title: created.title })}</p>
          <LinkAddresses link={{ ...created, path: created.path }} />
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/edit-share-link/$id" params={{ id: created.id }}>
                {m.share_links_open_created()}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/share-links">{m.admin_back_to_list()}</Link>
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,42rem)_minmax(0,20rem)]">
          <ShareLinkForm link={link} stations={data.stations} onCreated={setCreated} />
          {link && (
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-base">
                  {m.share_links_state()} <LinkStateBadge state={link.state} />
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3 text-sm">
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                  <dt className="text-muted-foreground">{m.share_links_views()}</dt>
                  <dd className="tabular-nums" data-testid="views">
                    {link.views}
                  </dd>
                  <dt className="text-muted-foreground">{m.share_links_last_viewed_label()}</dt>
                  <dd>{whenLabel(link.last_viewed_at)}</dd>
                  <dt className="text-muted-foreground">{m.share_links_owner()}</dt>
                  <dd>{link.owner.name}</dd>
                </dl>
                <p className="text-xs text-muted-foreground">{m.share_links_address_once()}</p>
                <div>
                  <RevokeAction link={link} />
                </div>
              </CardContent>
            </Card>
          )}
        </div>
      )}
    </EditScreen>
  );
}
