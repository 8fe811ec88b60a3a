import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function BusinessTravelPage() {
  return <ComingSoon title="Business Travel" description="Hotels for business travellers who train on the road." />;
}
