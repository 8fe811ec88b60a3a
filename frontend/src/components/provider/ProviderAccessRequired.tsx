import { Link } from 'react-router-dom';
import { Building2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

/** What a signed-in non-provider sees on /add-hotel: an explanation and the way to provider setup. */
export function ProviderAccessRequired() {
  useDocumentTitle('Provider Access Required');
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-20 text-center" data-testid="provider-access-required">
      <div className="max-w-md">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
          <Building2 aria-hidden className="h-7 w-7" />
        </span>
        <h1 className="mt-5 text-3xl font-bold text-slate-900">Provider Access Required</h1>
        <p className="mt-2 text-slate-600">Only hotel providers can add listings. Set up your provider account with your company name and business phone; it takes a minute and listing is free.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/provider/setup">Become a Provider</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
