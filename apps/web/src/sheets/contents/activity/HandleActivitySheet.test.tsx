import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackModal } from '../../../components/FeedbackModal.tsx';
import i18n from '../../../i18n/index.ts';
import { createQueryClient } from '../../../state/queryClient.ts';
import { ACTIVITY_DRAFT_KEY } from '../../../state/storage.ts';
import { signedInInEnglish, stubApi } from '../../../testing/api-stub.ts';
import { SheetHost } from '../../SheetHost.tsx';
import { useSheetStore } from '../../store.ts';
import { emptyDraft, toSaved, useDraftStore } from './draft.ts';

signedInInEnglish();

const ACTIVITY = '01900000-0000-7000-8000-0000000000ac';

beforeEach(() => {
  localStorage.clear();
  useSheetStore.getState().closeAll();
  useDraftStore.setState({ draft: emptyDraft(), initial: emptyDraft(), owner: null, saved: null, restored: null });
  stubApi(() => ({ json: { sports: [{ sportId: 'hiking', names: { en: 'Hiking', it: 'Escursionismo' } }] } }));
});

/** The app's sheet stack and dialog, with the wizard opened as Home's "+ New activity" does. */
async function openWizard(params: { activityId?: string } = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SheetHost />
        <FeedbackModal />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  let key = 0;
  act(() => {
    key = useSheetStore.getState().open({ type: 'handle-activity', params: { step: 'info', ...params } });
  });
  return key;
}

const wizard = () => screen.getByTestId('sheet-handle-activity');
const closing = () => screen.queryByTestId('sheet-handle-activity')?.getAttribute('data-closing') === 'true';
const name = () => screen.getByTestId('activity-name-input') as HTMLInputElement;
const typeName = (value: string) => fireEvent.change(name(), { target: { value } });
const stored = () => JSON.parse(localStorage.getItem(ACTIVITY_DRAFT_KEY) ?? '{"state":{"saved":null}}').state.saved;

describe('the activity wizard keeps its draft', () => {
  it('closes an untouched wizard on back without asking', async () => {
    await openWizard();
    await screen.findByTestId('wizard-info');
    fireEvent.click(screen.getByTestId('sheet-back'));
    await act(async () => {});
    expect(closing()).toBe(true);
    expect(screen.queryByTestId('feedback-modal')).toBeNull();
  });

  it('asks before back discards a typed draft: "Keep editing" keeps it, "Discard" forgets it', async () => {
    await openWizard();
    await screen.findByTestId('wizard-info');
    typeName('Grigna loop');
    expect(stored().draft.name).toBe('Grigna loop');

    fireEvent.click(screen.getByTestId('sheet-back'));
    const modal = await screen.findByTestId('feedback-modal');
    expect(modal.textContent).toContain('Discard this activity?');
    expect(screen.getByTestId('feedback-button').textContent).toBe('Discard');
    expect(screen.getByTestId('feedback-cancel').textContent).toBe('Keep editing');
    expect(closing()).toBe(false);
    fireEvent.click(screen.getByTestId('feedback-cancel'));
    await act(async () => {});
    expect(closing()).toBe(false);
    expect(name().value).toBe('Grigna loop');

    // Escape is the keyboard's back: the same question.
    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByTestId('feedback-modal');
    fireEvent.click(screen.getByTestId('feedback-button'));
    await act(async () => {});
    expect(closing()).toBe(true);
    expect(stored()).toBeNull();
  });

  it('asks on the scrim and on an edge swipe too, in Italian', async () => {
    await i18n.changeLanguage('it');
    await openWizard();
    await screen.findByTestId('wizard-info');
    typeName('Giro della Grigna');

    fireEvent.click(document.querySelector('.sheet-scrim')!);
    const modal = await screen.findByTestId('feedback-modal');
    expect(modal.textContent).toContain('Eliminare la bozza?');
    expect(screen.getByTestId('feedback-cancel').textContent).toBe('Continua a modificare');
    fireEvent.click(screen.getByTestId('feedback-cancel'));
    await act(async () => {});

    // A swipe from the left edge, far past the middle: the sheet snaps back and asks.
    fireEvent.touchStart(wizard(), { touches: [{ clientX: 5, clientY: 300 }] });
    fireEvent.touchMove(wizard(), { touches: [{ clientX: 300, clientY: 300 }] });
    fireEvent.touchEnd(wizard(), { changedTouches: [{ clientX: 300, clientY: 300 }] });
    await screen.findByTestId('feedback-modal');
    expect(wizard().style.transform).toBe('');
    expect(screen.queryByTestId('sheet-handle-activity')).not.toBeNull();
    fireEvent.click(screen.getByTestId('feedback-button'));
    await act(async () => {});
    expect(screen.queryByTestId('sheet-handle-activity')).toBeNull();
    expect(stored()).toBeNull();
  });

  it('asks before discarding the changes of an edit, and keeps nothing of it', async () => {
    const activity = { ...emptyDraft(), activityId: ACTIVITY, name: 'Old name' };
    const key = await openWizard({ activityId: ACTIVITY });
    act(() => useDraftStore.setState({ owner: key, draft: activity, initial: activity }));
    await screen.findByTestId('wizard-info');
    typeName('New name');
    expect(stored()).toBeNull();
    fireEvent.click(screen.getByTestId('sheet-back'));
    expect((await screen.findByTestId('feedback-modal')).textContent).toContain('Discard your changes?');
    fireEvent.click(screen.getByTestId('feedback-button'));
    await act(async () => {});
    expect(closing()).toBe(true);
  });

  it('continues a draft kept before a reload, asks for its GPX file again, and can start over', async () => {
    const saved = toSaved({
      ...emptyDraft(),
      name: 'Grigna loop',
      route: { mode: 'GPX', file: new File(['<gpx/>'], 'grigna.gpx'), fileName: 'grigna.gpx', preview: {} as never },
    });
    localStorage.setItem(ACTIVITY_DRAFT_KEY, JSON.stringify({ state: { saved }, version: 1 }));
    await act(() => useDraftStore.persist.rehydrate());

    const key = await openWizard();
    await screen.findByTestId('wizard-info');
    expect(name().value).toBe('Grigna loop');
    expect(screen.getByTestId('wizard-restored').textContent).toContain('Continue your draft');
    expect(screen.getByTestId('wizard-restored-gpx').textContent).toContain('grigna.gpx');

    // The GPX step asks for the file again (its worker is not needed for that).
    vi.stubGlobal(
      'Worker',
      class {
        postMessage() {}
        terminate() {}
      },
    );
    act(() => useSheetStore.getState().setStep(key, 'gpx'));
    expect((await screen.findByTestId('gpx-choose-again')).textContent).toContain('grigna.gpx');
    act(() => useSheetStore.getState().setStep(key, 'info'));
    await screen.findByTestId('wizard-info');

    fireEvent.click(screen.getByTestId('wizard-start-over'));
    await screen.findByTestId('feedback-modal');
    fireEvent.click(screen.getByTestId('feedback-button'));
    await act(async () => {});
    expect(name().value).toBe('');
    expect(screen.queryByTestId('wizard-restored')).toBeNull();
    expect(stored()).toBeNull();
    // Started over and untouched: back closes without a question.
    fireEvent.click(screen.getByTestId('sheet-back'));
    await act(async () => {});
    expect(closing()).toBe(true);
    expect(screen.queryByTestId('feedback-modal')).toBeNull();
  });
});
