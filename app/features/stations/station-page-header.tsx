import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import type { QualityState } from '../../../worker/contracts/quality';
import { PageHeader } from '~/components/page-header';
import { Button } from '~/components/ui/button';
import { chartLink } from '~/features/stations/station-card';
import { m } from '~/paraglide/messages';

/** The header of a station's working screens (Quality, Levels): its name, id and zone, and the way back to its charts. */
export function StationPageHeader({ item, title }: { item: QualityState['item'] | undefined; title: string }) {
  return (
    <PageHeader
      title={title}
      description={item ? [item.unique_id, m.charts_time_zone({ zone: item.timezone })].join(' · ') : undefined}
      actions={
        item && (
          <Button asChild variant="ghost" size="sm">
            <Link {...chartLink(item)}>
              <ArrowLeftIcon />
              {m.quality_back_to_charts()}
            </Link>
          </Button>
        )
      }
    />
  );
}
