import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function ProviderDashboardPage() {
  return <ComingSoon title="Provider Dashboard" description="Your listings, leads and stats will live here." />;
}
