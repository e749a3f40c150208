import { create } from 'zustand';
import { isApiError } from '../api/client.ts';
import i18n from '../i18n/index.ts';
import { useToastStore } from './toast.ts';

export type FeedbackKind = 'error' | 'success' | 'info';

export interface Feedback {
  kind: FeedbackKind;
  title: string;
  description: string;
  buttonLabel?: string;
  onClose?: () => void;
  /** Set for confirmations: the button confirms, a secondary action cancels. */
  cancelLabel?: string;
  onCancel?: () => void;
}

interface FeedbackState {
  current: Feedback | null;
  show: (feedback: Feedback) => void;
  dismiss: (confirmed: boolean) => void;
}

export const useFeedbackStore = create<FeedbackState>()((set, get) => ({
  current: null,
  show: (current) => set({ current }),
  dismiss: (confirmed) => {
    const current = get().current;
    set({ current: null });
    if (confirmed || !current?.cancelLabel) current?.onClose?.();
    else current.onCancel?.();
  },
}));

/** The one way errors, confirmations and notices reach the user; successes are toasts (showSuccess). */
export const showFeedback = (feedback: Feedback) => useFeedbackStore.getState().show(feedback);

/** Asks for a confirmation; resolves true when the user confirms. */
export function confirm(options: {
  title: string;
  description: string;
  confirmLabel?: string;
  /** The way out that keeps things as they are ("Cancel" unless given). */
  cancelLabel?: string;
  destructive?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) =>
    showFeedback({
      kind: options.destructive ? 'error' : 'info',
      title: options.title,
      description: options.description,
      buttonLabel: options.confirmLabel ?? i18n.t('common.confirm'),
      cancelLabel: options.cancelLabel ?? i18n.t('common.cancel'),
      onClose: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );
}

/** The localized text for an error: the API code's translation, else the generic message. */
export function errorText(error: unknown): string {
  if (isApiError(error) && i18n.exists(`errors.${error.code}`)) return i18n.t(`errors.${error.code}`);
  return i18n.t('errors.INTERNAL');
}

export const showError = (error: unknown, onClose?: () => void) => showErrorText(errorText(error), onClose);

/** An error the app words itself (a refused share, a file it cannot read), in the error modal. */
export const showErrorText = (description: string, onClose?: () => void) =>
  showFeedback({ kind: 'error', title: i18n.t('errorTitle'), description, onClose });

/**
 * A success: a toast with the same title and description the modal had, which blocks nothing and needs no
 * tap (issue 19). Whatever follows the success (closing a sheet, navigating) happens at once, not on a tap.
 */
export const showSuccess = (description: string) =>
  useToastStore.getState().show({ title: i18n.t('successTitle'), description });

/**
 * The callbacks of a mutation that tells how it went: the error modal on failure; on success the toast with
 * `success` (when given), then `then`. `claim.mutate(id, reporting(t('seats.offer.claimed')))`.
 */
export function reporting(success?: string, then?: () => void) {
  return {
    onSuccess: () => {
      if (success !== undefined) showSuccess(success);
      then?.();
    },
    onError: (error: unknown) => showError(error),
  };
}
