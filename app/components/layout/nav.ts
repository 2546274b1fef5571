import {
  BadgeCheckIcon,
  BellRingIcon,
  BoxesIcon,
  FolderTreeIcon,
  LayoutDashboardIcon,
  NetworkIcon,
  ListIcon,
  Share2Icon,
  SirenIcon,
  UserRoundIcon,
  UsersIcon,
  WebhookIcon,
  type LucideIcon,
} from 'lucide-react';
import { m } from '~/paraglide/messages';

export interface NavEntry {
  to:
    | '/dashboard'
    | '/alarms'
    | '/profile'
    | '/items'
    | '/all-items'
    | '/groups'
    | '/subjects'
    | '/webhooks'
    | '/share-links'
    | '/escalations'
    | '/group-rules'
    | '/approval-levels';
  label: () => string;
  icon: LucideIcon;
  adminOnly?: boolean;
  /** Shows the number of registrations waiting for approval. */
  pendingBadge?: boolean;
  /** Shows the number of active (not yet acknowledged) alarms. */
  alarmBadge?: boolean;
}

export const navEntries: NavEntry[] = [
  { to: '/dashboard', label: m.nav_dashboard, icon: LayoutDashboardIcon },
  { to: '/alarms', label: m.nav_alarms, icon: SirenIcon, alarmBadge: true },
  { to: '/profile', label: m.nav_profile, icon: UserRoundIcon },
  { to: '/items', label: m.nav_your_items, icon: ListIcon },
  { to: '/share-links', label: m.nav_share_links, icon: Share2Icon },
  { to: '/all-items', label: m.nav_items, icon: BoxesIcon, adminOnly: true },
  { to: '/groups', label: m.nav_groups, icon: FolderTreeIcon, adminOnly: true },
  { to: '/subjects', label: m.nav_subjects, icon: UsersIcon, adminOnly: true, pendingBadge: true },
  { to: '/webhooks', label: m.nav_webhooks, icon: WebhookIcon, adminOnly: true },
  { to: '/escalations', label: m.nav_escalations, icon: BellRingIcon, adminOnly: true },
  { to: '/group-rules', label: m.nav_group_rules, icon: NetworkIcon, adminOnly: true },
  { to: '/approval-levels', label: m.nav_approval_levels, icon: BadgeCheckIcon, adminOnly: true },
];
