// The frame of the dashboards and the profile page: a heading, a side menu of tabs and the
// open tab's content. The open tab lives in the URL query (?tab=...) so a link can open
// one and the back button returns to the previous one. On phones the side menu becomes
// rows of tabs above the content, wrapped so every tab stays in sight.
import * as Tabs from '@radix-ui/react-tabs';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TabLoading } from '../ListState';

export type DashboardTab = {
  /** The value in ?tab= */
  id: string;
  label: string;
  icon: LucideIcon;
  render: () => ReactNode;
};

/** The tab named in ?tab=, else the first one. */
export function useTabParam(tabs: { id: string }[]): [string, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const current = tabs.some((t) => t.id === wanted) ? wanted! : (tabs[0]?.id ?? '');
  const select = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', id);
    setParams(next);
  };
  return [current, select];
}

export function DashboardShell({
  title,
  subtitle,
  tabs,
  menuLabel,
  aside,
  banner,
  bannerLoading = false,
}: {
  title: string;
  subtitle?: ReactNode;
  tabs: DashboardTab[];
  /** The accessible name of the side menu. */
  menuLabel: string;
  /** Something shown beside the heading (a button, a badge). */
  aside?: ReactNode;
  /** Shown between the heading and the tabs (a checklist of what is left to do). */
  banner?: ReactNode;
  /**
   * The banner's answer is still on the way: the tabs wait out of sight (their tab already
   * mounted and asking for its own data), so a banner arriving late cannot push them down.
   */
  bannerLoading?: boolean;
}) {
  const [current, select] = useTabParam(tabs);
  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        </div>
        {aside}
      </div>
      {bannerLoading ? <TabLoading /> : banner}
      <Tabs.Root
        value={current}
        onValueChange={select}
        orientation="vertical"
        hidden={bannerLoading}
        className="flex flex-col gap-4 lg:flex-row lg:items-start lg:gap-6"
      >
        {/* Below the large breakpoint the tabs wrap onto more lines: every tab stays in
            sight (a sideways-scrolling strip hid the last ones with no hint). */}
        <Tabs.List
          aria-label={menuLabel}
          className="flex flex-wrap gap-1 border-b border-slate-200 pb-2 lg:sticky lg:top-20 lg:w-60 lg:shrink-0 lg:flex-col lg:overflow-visible lg:rounded-xl lg:border lg:bg-white lg:p-2 lg:shadow-sm"
        >
          {tabs.map((t) => {
            const Icon = t.icon;
            return (
              <Tabs.Trigger
                key={t.id}
                value={t.id}
                className="flex shrink-0 items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-700 lg:w-full"
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                {t.label}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Content key={t.id} value={t.id} className="min-w-0 flex-1 focus-visible:outline-none">
            {current === t.id && t.render()}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </main>
  );
}

/** A titled panel inside a dashboard tab. */
export function Panel({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card p-4 sm:p-6" aria-label={title}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The message of a list with nothing in it. */
export function EmptyState({ icon: Icon, children }: { icon?: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
      {Icon && <Icon className="h-8 w-8 text-slate-400" aria-hidden />}
      <p className="text-sm text-slate-600">{children}</p>
    </div>
  );
}
