import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function EditHotelPage() {
  return <ComingSoon title="Edit Listing" description="Edit the details of your listing." />;
}
