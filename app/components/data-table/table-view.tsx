import { flexRender, type Column, type RowData, type Table as TableModel } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { m } from '~/paraglide/messages';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library declares both parameters; merging must repeat them
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Below this width the column is left out, so a phone keeps the name and the actions. */
    hideBelow?: 'sm' | 'md' | 'lg';
  }
}

const hiddenBelow = { sm: 'max-sm:hidden', md: 'max-md:hidden', lg: 'max-lg:hidden' } as const;
const shownAt = <T,>(column: Column<T>) => {
  const below = column.columnDef.meta?.hideBelow;
  return below && hiddenBelow[below];
};

/** The rows of the current page under headers that sort by their column. */
export function TableView<T>({ table, label }: { table: TableModel<T>; label: string }) {
  const rows = table.getRowModel().rows;
  return (
    <div className="rounded-xl border bg-card">
      <Table aria-label={label}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const title = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <TableHead
                    key={header.id}
                    className={shownAt(header.column)}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <Button variant="ghost" size="sm" className="-ml-2 px-2" onClick={header.column.getToggleSortingHandler()}>
                        {title}
                        {sorted === 'asc' ? (
                          <ArrowUpIcon />
                        ) : sorted === 'desc' ? (
                          <ArrowDownIcon />
                        ) : (
                          <ArrowUpDownIcon className="opacity-40" />
                        )}
                      </Button>
                    ) : (
                      title
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} className={shownAt(cell.column)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!rows.length && (
            <TableRow>
              <TableCell colSpan={table.getVisibleLeafColumns().length} className="py-8 text-center text-muted-foreground">
                {m.admin_table_no_matches()}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
