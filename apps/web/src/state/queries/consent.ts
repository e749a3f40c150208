import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError } from '../../api/client.ts';

/**
 * A join refused for a text that changed meanwhile (CONSENT_REQUIRED, docs/consent.md): the page reads the current
 * one again, so the next tap shows it.
 */
export const rereadOnConsentChange = (client: QueryClient, queryKey: QueryKey) => (error: unknown) => {
  if (isApiError(error) && error.code === 'CONSENT_REQUIRED') void client.invalidateQueries({ queryKey });
};
