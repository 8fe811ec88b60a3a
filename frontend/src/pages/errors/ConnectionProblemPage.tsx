import { useState } from 'react';
import { Server, WifiOff } from 'lucide-react';
import { ErrorLayout, SupportContact } from './ErrorLayout';
import { Button } from '@/components/ui/Button';
import { Badge } from '@/components/ui/Misc';
import { useOnline } from '@/components/OfflineBanner';
import { useCountdown } from '@/hooks/useCountdown';
import { checkHealth } from '@/api/health';
import { connectionRetryDelaySeconds, CONNECTION_PROBLEM_COUNTDOWN_SECONDS } from '@/lib/countdown';

export type ConnectionProblemVariant = 'server' | 'network';

/** What the page says to a traveller (ruling 16): the product cannot be reached right now, and what to do. */
const copy: Record<ConnectionProblemVariant, { title: string; text: string; tips: string[] }> = {
  server: {
    title: 'Server Unavailable',
    text: "RepRoute isn't answering right now. This is usually brief, and we'll keep trying.",
    tips: ['Wait a minute and try again', 'Check our status updates', 'Contact support if it persists'],
  },
  network: {
    title: 'Connection Problem',
    text: "We can't reach RepRoute right now. Check your connection and we'll keep trying.",
    tips: ['Check your Wi-Fi or mobile data', 'Turn off VPN or proxy settings', 'Try again in a moment'],
  },
};

/** Full-page notice when the gateway cannot be reached: 30 s retry countdown, +10 s per failure, cap 60 s. */
export default function ConnectionProblemPage({ variant = 'network', onRecovered }: { variant?: ConnectionProblemVariant; onRecovered?: () => void }) {
  const online = useOnline();
  const [failures, setFailures] = useState(0);
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    try {
      await checkHealth();
      if (onRecovered) onRecovered();
      else window.location.assign('/');
    } catch {
      const next = failures + 1;
      setFailures(next);
      restart(connectionRetryDelaySeconds(next));
    } finally {
      setChecking(false);
    }
  };
  const { seconds, total, restart } = useCountdown(CONNECTION_PROBLEM_COUNTDOWN_SECONDS, () => void retry());
  const text = copy[variant];
  const Icon = variant === 'server' ? Server : WifiOff;
  return (
    <ErrorLayout icon={<Icon aria-hidden className="h-8 w-8" />} title={text.title} tone="amber">
      <div className="mt-3 flex justify-center">
        <Badge tone={online ? 'green' : 'slate'}>{online ? 'Device online' : 'Device offline'}</Badge>
      </div>
      <p className="mt-3 text-slate-600">{text.text}</p>
      <div className="mt-6">
        <p className="text-sm font-medium text-slate-800" aria-live="polite">
          {checking ? 'Checking...' : `Retrying automatically in ${seconds} seconds`}
        </p>
        <div className="mx-auto mt-2 h-2 max-w-xs overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Time until next retry" aria-valuemin={0} aria-valuemax={total} aria-valuenow={total - seconds}>
          <div className="bg-brand-gradient h-full transition-all duration-1000" style={{ width: `${((total - seconds) / total) * 100}%` }} />
        </div>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => void retry()} disabled={checking}>
          Try Again
        </Button>
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          Go to Homepage
        </Button>
      </div>
      <div className="mt-8 text-left">
        <h2 className="text-sm font-bold text-slate-900">Troubleshooting tips</h2>
        <ul className="mt-2 list-inside list-disc space-y-1 text-sm text-slate-600">
          {text.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      <SupportContact />
    </ErrorLayout>
  );
}
