import { useEffect, useRef, useState } from 'react';
import { Check, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { analytics } from '@/lib/analytics';
import { cn } from '@/lib/cn';
import { toast } from '@/store/toast';

const CONFIRMATION_MS = 2_500;

export interface ShareTarget {
  title: string;
  text: string;
  url: string;
}

/**
 * Share: the system share sheet where the browser has one (Web Share API), otherwise the link is
 * copied to the clipboard and "Link copied" shows next to the button (and is announced).
 */
export function ShareButton({ target, analyticsLabel, className }: { target: ShareTarget; analyticsLabel: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(target.url);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), CONFIRMATION_MS);
      analytics().interaction('share_copy_link', analyticsLabel);
    } catch {
      toast({ title: 'Copy failed', description: `Unable to copy the link. Please copy it manually: ${target.url}`, variant: 'destructive' });
    }
  };

  const share = async () => {
    const data = { title: target.title, text: target.text, url: target.url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        analytics().interaction('share_native', analyticsLabel);
        return;
      } catch (error) {
        // Closing the share sheet is the traveller's choice, not a failure.
        if ((error as DOMException)?.name === 'AbortError') return;
      }
    }
    await copyLink();
  };

  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Button type="button" variant="outline" onClick={() => void share()} className="flex-1">
        <Share2 aria-hidden className="h-4 w-4" />
        Share
      </Button>
      <p role="status" aria-live="polite" className={cn('flex items-center gap-1 text-sm font-semibold text-emerald-700', !copied && 'sr-only')}>
        {copied ? (
          <>
            <Check aria-hidden className="h-4 w-4" /> Link copied
          </>
        ) : null}
      </p>
    </div>
  );
}
