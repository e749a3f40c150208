export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

export interface LegalTexts {
  privacy: LegalDocument;
  terms: LegalDocument;
}

/** Fills {email} with the configured support address. */
export const withEmail = (text: string, email: string) => text.replaceAll('{email}', email);
