import type { ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { cn } from '@/lib/cn';

export interface PanelTab {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

/** Radix tabs in the app's style; the tab list scrolls sideways on narrow screens. */
export function PanelTabs({ tabs, defaultValue, label, className }: { tabs: PanelTab[]; defaultValue?: string; label: string; className?: string }) {
  return (
    <Tabs.Root defaultValue={defaultValue ?? tabs[0]?.value} className={className}>
      <Tabs.List aria-label={label} className="flex gap-1 overflow-x-auto rounded-2xl bg-slate-200/70 p-1 sm:inline-flex">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              'inline-flex shrink-0 items-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 transition-colors hover:text-slate-900',
              'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
            )}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="mt-6 focus-visible:outline-none">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
