import { SettingsIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '~/components/ui/sheet';
import { Switch } from '~/components/ui/switch';
import { usePreferences } from '~/components/layout/preferences-context';
import {
  layoutTypes,
  layoutWidths,
  sidebarImages,
  sidebarThemes,
  sidebarTypes,
  topbarThemes,
  type Preferences,
} from '~/components/layout/preferences';
import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import { sidebarImageUrl, sidebarThemeStyles } from './sidebar-themes';
import { colorSchemeLabels } from './theme-switcher';

const labels = {
  layoutType: { vertical: m.layout_vertical, horizontal: m.layout_horizontal },
  layoutWidth: { fluid: m.width_fluid, boxed: m.width_boxed, scrollable: m.width_scrollable },
  topbarTheme: { light: m.color_light, dark: m.color_dark, colored: m.color_colored },
  sidebarType: { default: m.sidebar_type_default, compact: m.sidebar_type_compact, icon: m.sidebar_type_icon },
  sidebarTheme: {
    light: m.color_light,
    dark: m.color_dark,
    colored: m.color_colored,
    winter: m.sidebar_theme_winter,
    ladylip: m.sidebar_theme_ladylip,
    plumplate: m.sidebar_theme_plumplate,
    strongbliss: m.sidebar_theme_strongbliss,
    greatwhale: m.sidebar_theme_greatwhale,
  },
} satisfies Partial<Record<keyof Preferences, Record<string, () => string>>>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A group of radio buttons for one setting. */
function Choice<K extends 'layoutType' | 'layoutWidth' | 'topbarTheme' | 'sidebarType' | 'theme'>({
  name,
  title,
  options,
  label,
}: {
  name: K;
  title: string;
  options: readonly Preferences[K][];
  label: (option: Preferences[K]) => string;
}) {
  const { prefs, change } = usePreferences();
  return (
    <Section title={title}>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option}
              checked={prefs[name] === option}
              onChange={() => change(name, option)}
              className="size-4 accent-primary"
            />
            {label(option)}
          </label>
        ))}
      </div>
    </Section>
  );
}

/** A grid of pictured choices for one setting (the sidebar's colours, its images); the chosen one is ringed. */
function Swatches<K extends 'sidebarTheme' | 'sidebarImage'>({
  name,
  title,
  options,
  columns,
  swatch,
}: {
  name: K;
  title: string;
  options: readonly Preferences[K][];
  columns: string;
  /** An option's swatch and its name: shown below it (`caption`), or to screen readers only (`label`). */
  swatch: (option: Preferences[K]) => ComponentProps<'span'> & { caption?: string; label?: string };
}) {
  const { prefs, change } = usePreferences();
  return (
    <Section title={title}>
      <div className={cn('grid gap-2', columns)}>
        {options.map((option) => {
          const { caption, label, className, ...look } = swatch(option);
          const ring = prefs[name] === option && 'ring-2 ring-primary ring-offset-2 ring-offset-background';
          return (
            <button
              key={option}
              type="button"
              aria-pressed={prefs[name] === option}
              aria-label={label}
              onClick={() => change(name, option)}
              className="grid justify-items-center gap-1 text-xs"
            >
              <span
                className={cn('flex w-full items-center justify-center rounded-md border bg-cover bg-center', className, ring)}
                {...look}
              />
              {caption}
            </button>
          );
        })}
      </div>
    </Section>
  );
}

export function SettingsDrawer() {
  const { prefs, change, reset } = usePreferences();
  const vertical = prefs.layoutType === 'vertical';
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={m.settings_open()} title={m.settings_open()}>
          <SettingsIcon />
        </Button>
      </SheetTrigger>
      <SheetContent closeLabel={m.action_close()} aria-describedby="settings-description">
        <SheetHeader>
          <SheetTitle>{m.settings_title()}</SheetTitle>
          <SheetDescription id="settings-description">{m.settings_description()}</SheetDescription>
        </SheetHeader>
        <Choice name="theme" title={m.theme_label()} options={['system', 'light', 'dark']} label={(o) => colorSchemeLabels[o]()} />
        <Choice name="layoutType" title={m.settings_layout()} options={layoutTypes} label={(o) => labels.layoutType[o]()} />
        <Choice name="layoutWidth" title={m.settings_width()} options={layoutWidths} label={(o) => labels.layoutWidth[o]()} />
        {/* SPEC §2: the coloured top bar is not offered with the vertical layout. */}
        <Choice
          name="topbarTheme"
          title={m.settings_topbar()}
          options={vertical ? topbarThemes.filter((t) => t !== 'colored') : topbarThemes}
          label={(o) => labels.topbarTheme[o]()}
        />
        {vertical && (
          <>
            <Choice name="sidebarType" title={m.settings_sidebar_type()} options={sidebarTypes} label={(o) => labels.sidebarType[o]()} />
            <Swatches
              name="sidebarTheme"
              title={m.settings_sidebar_theme()}
              options={sidebarThemes}
              columns="grid-cols-4"
              swatch={(theme) => ({ className: 'h-8', style: sidebarThemeStyles[theme], caption: labels.sidebarTheme[theme]() })}
            />
            <Swatches
              name="sidebarImage"
              title={m.settings_sidebar_image()}
              options={sidebarImages}
              columns="grid-cols-5"
              swatch={(image) =>
                image === 'none'
                  ? { className: 'h-16 bg-muted', label: m.settings_no_image(), children: m.settings_none() }
                  : {
                      className: 'h-16 bg-muted',
                      label: m.settings_image({ n: image.slice(3) }),
                      style: { backgroundImage: `url(${sidebarImageUrl(image)})` },
                    }
              }
            />
          </>
        )}
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="preloader-switch">{m.settings_preloader()}</Label>
          <Switch id="preloader-switch" checked={prefs.preloader} onCheckedChange={(on) => change('preloader', on)} />
        </div>
        <Button variant="outline" onClick={reset}>
          {m.settings_reset()}
        </Button>
      </SheetContent>
    </Sheet>
  );
}
