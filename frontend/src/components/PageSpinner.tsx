import { Spinner } from './ui/Misc';

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" data-testid="page-spinner">
      <Spinner label={label} className="[&_svg]:h-10 [&_svg]:w-10" />
    </div>
  );
}
