import { type FormEvent, useState } from 'react';
import { errorText } from '../feedback.ts';

/**
 * The send of a checked form: the first send shows every field's problem, and the call goes out
 * only when there is none. While it runs the form is busy; a refusal becomes the form's message:
 * `onError` may handle it itself and return the text to show (null for none).
 */
export function useFormSubmit(
  problems: object,
  send: () => Promise<void>,
  onError: (error: unknown) => string | null = errorText,
) {
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    setFailure(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await send();
    } catch (error) {
      setFailure(onError(error));
    } finally {
      setBusy(false);
    }
  };

  return { sent, busy, failure, submit, reset: () => setSent(false) };
}
