import { describe, expect, it } from 'vitest';
import { defaultConfig, readConfig } from './config.ts';

const docWith = (json: string) => {
  const doc = document.implementation.createHTMLDocument();
  const script = doc.createElement('script');
  script.id = 'cordata-config';
  script.type = 'application/json';
  script.textContent = json;
  doc.head.appendChild(script);
  return doc;
};

describe('runtime config', () => {
  it('falls back to defaults without the injected tag', () => {
    expect(readConfig(document.implementation.createHTMLDocument())).toEqual(defaultConfig);
    expect(defaultConfig.webMode).toBe('app');
    expect(defaultConfig.supportEmail).toBe('support@cordata.app');
  });

  it('reads the sign-in options (issue 41), or leaves them to the server when absent or malformed', () => {
    const signIn = { passwordSignIn: false, providers: [{ id: 'club', label: 'Alpine Club' }] };
    expect(readConfig(docWith(JSON.stringify({ signIn }))).signIn).toEqual(signIn);
    expect(readConfig(docWith('{"signIn":{"providers":"x"}}')).signIn).toBeNull();
    expect(readConfig(docWith('{}')).signIn).toBeNull();
  });

  it('reads the injected values, ignoring nulls and unknown modes', () => {
    const config = readConfig(
      docWith('{"webMode":"store","supportEmail":"help@example.org","mapsKey":null,"tagManagerIos":"GTM-1"}'),
    );
    expect(config.webMode).toBe('store');
    expect(config.supportEmail).toBe('help@example.org');
    expect(config.mapsKey).toBe('');
    expect(config.tagManagerIos).toBe('GTM-1');
    expect(readConfig(docWith('{"webMode":"weird"}')).webMode).toBe('app');
    expect(readConfig(docWith('not json'))).toEqual(defaultConfig);
  });
});
