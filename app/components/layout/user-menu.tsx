import { Link } from '@tanstack/react-router';
import { ChevronDownIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import type { SessionUser } from '../../../worker/contracts/site';
import { Button } from '~/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { fullName } from '~/features/subjects/full-name';
import { m } from '~/paraglide/messages';

export function UserMenu({ user }: { user: SessionUser }) {
  const name = fullName(user) || user.username;
  const initials = `${user.firstName[0] ?? ''}${user.secondName[0] ?? ''}`.toUpperCase() || user.username[0].toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-1.5 sm:px-2" aria-label={m.user_menu_label({ name })}>
          <span className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
            {initials}
          </span>
          <span className="hidden max-w-40 truncate md:inline">{name}</span>
          <ChevronDownIcon className="hidden md:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="grid">
          <span className="truncate">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRoundIcon />
            {m.nav_profile()}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild className="text-destructive focus:text-destructive">
          <Link to="/logout">
            <LogOutIcon />
            {m.user_logout()}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
