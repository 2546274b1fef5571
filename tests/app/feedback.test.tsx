import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorState } from '~/components/states';
import { ApiError } from '~/lib/api';

describe('the confirm dialog', () => {
  test('asks with the documented wording and acts only on "Yes, delete it!"', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog onConfirm={onConfirm}>
        <button>Delete</button>
      </ConfirmDialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBeTruthy();
    expect(screen.getByText("You won't be able to revert this!")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('the error state', () => {
  test('tells a lost connection apart from a failed load and retries on request', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<ErrorState error={new ApiError(0, {})} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The server cannot be reached.');
    rerender(<ErrorState error={new TypeError('Failed to fetch')} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The server cannot be reached.');
    rerender(<ErrorState error={new ApiError(500, {})} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The data could not be loaded.');
    // A screen's own bug is a TypeError too, but not a lost connection.
    rerender(<ErrorState error={new TypeError('flagNames[entry.flag] is not a function')} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The data could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
