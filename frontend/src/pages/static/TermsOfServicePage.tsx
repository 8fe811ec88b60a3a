import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function TermsOfServicePage() {
  return <ComingSoon title="Terms of Service" description="The terms for using RepRoute." />;
}
