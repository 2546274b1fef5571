import type { Table } from '@tanstack/react-table';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { m } from '~/paraglide/messages';

const pageSizes = [5, 10, 25, 50];

/** Below a table: rows per page, which rows show, and the way to the other pages. */
export function TablePager<T>({ table }: { table: Table<T> }) {
  const { pageIndex, pageSize } = table.getState().pagination;
  const total = table.getFilteredRowModel().rows.length;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      <div className="flex items-center gap-2">
        <span id="rows-per-page">{m.admin_table_rows_per_page()}</span>
        <Select value={String(pageSize)} onValueChange={(value) => table.setPageSize(Number(value))}>
          <SelectTrigger className="w-18" aria-labelledby="rows-per-page">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {pageSizes.map((size) => (
              <SelectItem key={size} value={String(size)}>
                {size}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center gap-1">
        <span className="mr-2" aria-live="polite">
          {m.admin_table_range({ from: total && pageIndex * pageSize + 1, to: Math.min(total, (pageIndex + 1) * pageSize), total })}
        </span>
        <PagerButton
          label={m.admin_table_first()}
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.firstPage()}
          icon={<ChevronsLeftIcon />}
        />
        <PagerButton
          label={m.admin_table_previous()}
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
          icon={<ChevronLeftIcon />}
        />
        <PagerButton
          label={m.admin_table_next()}
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
          icon={<ChevronRightIcon />}
        />
        <PagerButton
          label={m.admin_table_last()}
          disabled={!table.getCanNextPage()}
          onClick={() => table.lastPage()}
          icon={<ChevronsRightIcon />}
        />
      </div>
    </div>
  );
}

function PagerButton({ label, disabled, onClick, icon }: { label: string; disabled: boolean; onClick: () => void; icon: ReactNode }) {
  return (
    <Button variant="outline" size="icon" className="size-8" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {icon}
    </Button>
  );
}
