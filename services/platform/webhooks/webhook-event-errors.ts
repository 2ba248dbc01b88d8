import { conflict, notFound, type AppError } from '../errors';
import type { RedeliveryError } from './redeliver';

export const webhookEventNotFound = (id: string): AppError =>
  notFound('webhook_event_not_found', `Webhook event ${id} not found`);

/** The AppError for a refused redelivery of event `id`. */
export function redeliveryError(error: RedeliveryError, id: string): AppError {
  switch (error.code) {
    case 'webhook_event_not_found':
      return webhookEventNotFound(id);
    case 'webhook_url_not_set':
      return conflict(error.code, 'The tenant has no webhook URL; set one with PATCH /tenants/me first');
  }
}
