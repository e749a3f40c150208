import { PAGE_SIZE } from '../../contract.ts';

/** Spec §9: a next page of activities exists while the last page was not empty. */
export function nextActivityPage(lastPage: readonly unknown[], pages: readonly unknown[]): number | undefined {
  return lastPage.length > 0 ? pages.length + 1 : undefined;
}

/** Spec §9: a next page of participants exists while the last page held a full page (10). */
export function nextParticipantsPage(lastPage: readonly unknown[], pages: readonly unknown[]): number | undefined {
  return lastPage.length === PAGE_SIZE ? pages.length + 1 : undefined;
}
