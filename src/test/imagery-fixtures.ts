/** An imagery answer (spec 01 §4.1) of one page holding `results`, as the API tests receive it. */
export function imageryPage(results: object[], limit = 100) {
  return {
    results,
    pagination: {
      page: 1,
      limit,
      total_count: results.length,
      total_pages: 1,
      has_prev: false,
      has_next: false,
      prev_page: null,
      next_page: null,
      count: results.length,
    },
    query: {},
  };
}
