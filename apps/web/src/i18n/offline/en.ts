/** The outing pack (issue 38, docs/offline.md "On the device"). */
export const offline = {
  save: 'Save for offline',
  saveHint: 'Map, route, meeting point, pass and chat, for when there is no signal.',
  confirmTitle: 'Save for offline?',
  confirmSize: 'This activity’s outing pack takes {{size}} on this device.',
  confirmLabel: 'Save',
  sizing: 'Checking the size…',
  saving: 'Saving for offline…',
  savingProgress: 'Saving for offline… {{done}} of {{total}}',
  saved: 'Saved for offline',
  savedAt: 'Saved for offline · {{when}}',
  failed: 'The offline copy could not be saved. Check the connection and try again.',
  retry: 'Try again',
  remove: 'Remove offline copy',
  removed: 'The offline copy is removed.',
  notice: 'Offline · saved {{when}}',
  noticeHint:
    'You’re seeing this activity as it was when you saved it. The chat is read-only until you’re back online.',
  chatReadOnly: 'Saved for offline: the chat is read-only until you’re back online.',
  autoSave: 'Save outing packs the day before, on Wi-Fi',
  autoSaveHint: 'For activities you take part in, when the app is open. Packs over 50 MB wait for you to save them.',
};
