import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function AdminPage() {
  return <ComingSoon title="Admin Dashboard" description="Manage hotels, reviews, and platform content." />;
}
