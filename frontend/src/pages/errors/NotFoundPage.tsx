import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/Button';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';

export default function NotFoundPage() {
  const navigate = useNavigate();
  // The same title the gateway sends with the 404.
  useDocumentTitle(pageTitles.notFound);
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-20 text-center">
      <div>
        <p className="text-brand-gradient font-display text-8xl font-extrabold">404</p>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">Page Not Found</h1>
        <p className="mx-auto mt-3 max-w-md text-slate-600">The page you're looking for doesn't exist or has moved.</p>
        <div className="mt-7 flex justify-center gap-3">
          <Button asChild>
            <Link to="/">Back to Home</Link>
          </Button>
          <Button variant="outline" onClick={() => navigate(-1)}>
            Go Back
          </Button>
        </div>
        <p className="mt-6 text-sm text-slate-600">
          Think this is a mistake?{' '}
          <Link to="/contact-us" className="font-semibold text-ocean-700 underline">
            Contact us
          </Link>
        </p>
      </div>
    </section>
  );
}
