import * as Dialog from '@radix-ui/react-dialog';
import * as Switch from '@radix-ui/react-switch';
import { X } from 'lucide-react';
import { Button } from './ui/Button';
import type { ConsentPreferences } from '@/lib/consent';

const categories: Array<{ key: keyof ConsentPreferences; title: string; text: string }> = [
  { key: 'necessary', title: 'Necessary', text: 'Sign-in, security and your cookie choice. Always on.' },
  { key: 'analytics', title: 'Analytics', text: 'Anonymous page views and searches that show us what to improve.' },
  { key: 'marketing', title: 'Marketing', text: 'Measuring our partner campaigns and referral offers.' },
  { key: 'functional', title: 'Functional', text: 'Remembering preferences such as recent searches.' },
];

/** The consent banner's Customize dialog: one switch per category, Necessary always on. */
export default function ConsentDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: ConsentPreferences;
  onDraftChange: (draft: ConsentPreferences) => void;
  onSave: () => void;
}) {
  const { open, onOpenChange, draft, onDraftChange, onSave } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl">
          <div className="flex items-start justify-between">
            <Dialog.Title className="font-display text-lg font-bold text-slate-900">Cookie Preferences</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100">
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">Choose which cookies RepRoute may use. You can change this any time.</Dialog.Description>
          <ul className="mt-5 space-y-4">
            {categories.map((category) => {
              const id = `consent-${category.key}`;
              const locked = category.key === 'necessary';
              return (
                <li key={category.key} className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-3">
                  <div>
                    <label htmlFor={id} className="text-sm font-semibold text-slate-900">
                      {category.title}
                    </label>
                    <p className="text-xs text-slate-600">{category.text}</p>
                  </div>
                  <Switch.Root
                    id={id}
                    checked={draft[category.key]}
                    disabled={locked}
                    onCheckedChange={(checked) => onDraftChange({ ...draft, [category.key]: checked, necessary: true })}
                    className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[disabled]:opacity-60 data-[state=checked]:bg-brand-500"
                  >
                    <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
                  </Switch.Root>
                </li>
              );
            })}
          </ul>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            <Button onClick={onSave}>Save Preferences</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
