import type { Envelope, EventType } from '@reproute/contracts';
import type { EmailMessage } from './email.ts';

// What a template module gives routing.ts, in a module of its own: routing.ts imports every template module, so
// the templates take these types from here rather than from routing.ts (no circle between them).

export interface RoutingConfig {
  supportEmail: string;
  appUrl: string;
}

/** Builds the emails one event causes; each gets a suffix that, with the event id, makes its job id. */
export type EmailBuilder<T extends EventType = EventType> = (event: Envelope<T>, config: RoutingConfig) => { suffix: string; email: EmailMessage }[];
export type EmailBuilders = { [T in EventType]?: EmailBuilder<T> };
