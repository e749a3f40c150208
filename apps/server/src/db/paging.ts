/** A page of a listing as the contract asks for it (`Pagination`: page from 1, limit). */
export interface Page {
  page: number;
  limit: number;
}

/** The `limit` and `offset` of a page. */
export const paging = (page: Page) => ({ limit: page.limit, offset: (page.page - 1) * page.limit });
