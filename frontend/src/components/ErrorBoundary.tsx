import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';

interface State {
  error: Error | null;
}

/** The generic fallback: "Something went wrong" with Try Again and Go Home (to the root path). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo): void {
    window.dispatchEvent(new CustomEvent('rr:app-error'));
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-red-100 text-red-600">
          <AlertTriangle aria-hidden className="h-7 w-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 max-w-md text-slate-600">An unexpected error stopped this page. Try again, or head back to the home page.</p>
        <div className="mt-6 flex gap-3">
          <button
            type="button"
            onClick={() => this.setState({ error: null })}
            className="h-11 rounded-xl bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Try Again
          </button>
          <button
            type="button"
            onClick={() => window.location.assign('/')}
            className="h-11 rounded-xl border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Go Home
          </button>
        </div>
      </div>
    );
  }
}
