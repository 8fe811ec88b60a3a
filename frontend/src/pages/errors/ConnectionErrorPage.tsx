import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CloudOff } from 'lucide-react';
import { ErrorLayout, SupportContact } from './ErrorLayout';
import { Button } from '@/components/ui/Button';
import { useCountdown } from '@/hooks/useCountdown';
import { CONNECTION_ERROR_COUNTDOWN_SECONDS } from '@/lib/countdown';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';

/** /connection-error and /network-error: reloads after 10 s unless cancelled. */
export default function ConnectionErrorPage() {
  useDocumentTitle(pageTitles.connectionError);
  const [running, setRunning] = useState(true);
  const { seconds } = useCountdown(CONNECTION_ERROR_COUNTDOWN_SECONDS, () => window.location.reload(), running);
  return (
    <ErrorLayout icon={<CloudOff aria-hidden className="h-8 w-8" />} title="We can't reach RepRoute right now">
      <p className="mt-3 text-slate-600">
        RepRoute is temporarily unavailable. Check your internet connection; we'll refresh this page for you, or you can refresh it now.
      </p>
      <p className="mt-6 text-sm font-medium text-slate-800" aria-live="polite">
        {running ? `Refreshing automatically in ${seconds} seconds...` : 'Automatic refresh cancelled.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Refresh Now</Button>
        {running ? (
          <Button variant="outline" onClick={() => setRunning(false)}>
            Cancel
          </Button>
        ) : null}
        <Button asChild variant="ghost">
          <Link to="/">Go to Homepage</Link>
        </Button>
      </div>
      <SupportContact />
    </ErrorLayout>
  );
}
