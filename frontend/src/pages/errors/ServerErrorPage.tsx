import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ServerCrash } from 'lucide-react';
import { ErrorLayout, SupportContact } from './ErrorLayout';
import { Button } from '@/components/ui/Button';
import { generateErrorId } from '@/lib/countdown';

export default function ServerErrorPage() {
  const [errorId] = useState(() => generateErrorId());
  return (
    <ErrorLayout icon={<ServerCrash aria-hidden className="h-8 w-8" />} title="Server Error" tone="red">
      <p className="mt-3 text-slate-600">Something went wrong on our side. Our team has been notified.</p>
      <p className="mt-4 text-sm text-slate-600">
        Error ID: <code className="rounded bg-slate-100 px-2 py-1 font-mono text-slate-900" data-testid="error-id">{errorId}</code>
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        <Button asChild variant="outline">
          <Link to="/">Return to Homepage</Link>
        </Button>
      </div>
      <SupportContact />
    </ErrorLayout>
  );
}
