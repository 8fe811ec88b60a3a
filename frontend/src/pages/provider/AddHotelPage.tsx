import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function AddHotelPage() {
  return <ComingSoon title="Add a Listing" description="Submit a hotel for review. Reviews take 2-3 business days." />;
}
