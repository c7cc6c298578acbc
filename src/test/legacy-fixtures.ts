/** One record of a legacy v1 query answer, as the API tests receive it (spec 02 §2). */
export function legacyRecord(over: Record<string, unknown> = {}) {
  return {
    id: 1,
    image_id: 'a',
    site: 'CLNE',
    vnum: 311240,
    timestamp: '2025-03-01T10:00:00',
    file_format: 'jpg',
    url: '/x.jpg',
    frame: 0,
    quality: 90,
    ...over,
  };
}
