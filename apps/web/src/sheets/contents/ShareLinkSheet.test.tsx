import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { ShareLinkContent } from './ShareLinkSheet.tsx';

const URL_ = 'https://cordata.example/view-activity/01900000-0000-7000-8000-0000000000ff';

describe('the link to copy by hand', () => {
  it('shows the whole link read-only, selected on focus, with the explanation in English and Italian', async () => {
    for (const [language, hint] of [
      ['en', 'This device cannot share or copy it: select the link, copy it and paste it wherever you like.'],
      [
        'it',
        'Questo dispositivo non riesce a condividerlo né a copiarlo: seleziona il link, copialo e incollalo dove vuoi.',
      ],
    ] as const) {
      await i18n.changeLanguage(language);
      const { unmount } = render(<ShareLinkContent url={URL_} />);
      const field = screen.getByTestId('share-link-field') as HTMLInputElement;
      expect(field.value).toBe(URL_);
      expect(field.readOnly).toBe(true);
      fireEvent.focus(field);
      expect([field.selectionStart, field.selectionEnd]).toEqual([0, URL_.length]);
      expect(screen.getByText(hint)).toBeTruthy();
      unmount();
    }
    expect(i18n.getFixedT('en')('share.byHand.title')).toBe('Copy this link by hand');
    expect(i18n.getFixedT('it')('share.byHand.title')).toBe('Copia questo link a mano');
    await i18n.changeLanguage('en');
  });
});
