import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SubmitButton } from '~/components/form';
import { LanguageSwitcher } from '~/components/layout/language-switcher';
import { Logo } from '~/components/layout/logo';
import { ThemeSwitcher } from '~/components/layout/theme-switcher';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { m } from '~/paraglide/messages';

/** The frame of the public screens: logo, language and colour scheme, and one card. */
export function AuthPage({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <header className="flex items-center justify-between gap-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold">
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md">
          <CardHeader>
            <h1 className="text-xl leading-none font-semibold">{title}</h1>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}

/** The end of a public form: its submit button, then a link to another public screen, after a question if it asks one. */
export function AuthFormEnd({
  pending,
  submit,
  to,
  link,
  question,
}: {
  pending: boolean;
  submit: string;
  to: '/login' | '/register';
  link: string;
  question?: string;
}) {
  return (
    <>
      <SubmitButton pending={pending}>{pending ? m.action_working() : submit}</SubmitButton>
      {question ? (
        <p className="text-center text-sm text-muted-foreground">
          {question}{' '}
          <Link to={to} className="text-primary hover:underline">
            {link}
          </Link>
        </p>
      ) : (
        <Link to={to} className="text-center text-sm text-primary hover:underline">
          {link}
        </Link>
      )}
    </>
  );
}
