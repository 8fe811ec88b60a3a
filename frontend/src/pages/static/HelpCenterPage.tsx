import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function HelpCenterPage() {
  return <ComingSoon title="Help Center" description="Answers to common questions about RepRoute." />;
}
