import { SearchIcon } from 'lucide-react';
import { Input } from '~/components/ui/input';
import { m } from '~/paraglide/messages';

/** Above a table: the search box that filters every column shown. */
export function TableToolbar({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  return (
    <div className="relative w-full sm:max-w-xs">
      <SearchIcon className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        placeholder={m.admin_table_search()}
        aria-label={m.admin_table_search()}
        className="pl-8"
      />
    </div>
  );
}
