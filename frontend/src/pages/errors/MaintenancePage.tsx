import { useState } from 'react';
import { Wrench } from 'lucide-react';
import { ErrorLayout, SupportContact } from './ErrorLayout';
import { Button } from '@/components/ui/Button';
import { useCountdown } from '@/hooks/useCountdown';
import { formatMinutesSeconds, MAINTENANCE_COUNTDOWN_SECONDS } from '@/lib/countdown';
import { checkHealth } from '@/api/health';

const updates = ['Faster hotel search and filters', 'Fresh gym photos and equipment lists', 'Security and reliability improvements'];

/** /maintenance: a 5:00 countdown, then a health check; Try Now checks at once. */
export default function MaintenancePage() {
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);
  const tryNow = async () => {
    setChecking(true);
    setFailed(false);
    try {
      await checkHealth();
      window.location.assign('/');
    } catch {
      setFailed(true);
      // A failed retry re-enables the button after 2 seconds.
      window.setTimeout(() => setChecking(false), 2000);
      restart(MAINTENANCE_COUNTDOWN_SECONDS);
    }
  };
  const { seconds, restart } = useCountdown(MAINTENANCE_COUNTDOWN_SECONDS, () => void tryNow());
  return (
    <ErrorLayout icon={<Wrench aria-hidden className="h-8 w-8" />} title="Maintenance Mode" tone="ocean">
      <p className="mt-3 text-slate-600">We're tuning up RepRoute. We'll be back shortly.</p>
      <p className="mt-6 font-mono text-4xl font-bold text-slate-900" aria-label={`Next check in ${formatMinutesSeconds(seconds)}`} data-testid="maintenance-countdown">
        {formatMinutesSeconds(seconds)}
      </p>
      {failed ? <p className="mt-2 text-sm text-red-600">Service still unavailable</p> : null}
      <Button className="mt-6" onClick={() => void tryNow()} disabled={checking}>
        {checking ? 'Checking...' : 'Try Now'}
      </Button>
      <div className="mt-8 text-left">
        <h2 className="text-sm font-bold text-slate-900">What we're updating</h2>
        <ul className="mt-2 list-inside list-disc space-y-1 text-sm text-slate-600">
          {updates.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
      </div>
      <SupportContact />
    </ErrorLayout>
  );
}
