import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function PartnerHotelsPage() {
  return <ComingSoon title="Partner Hotels" description="Partnership tiers for hotels with great gyms." />;
}
