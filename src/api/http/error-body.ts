/** The service's error bodies (spec 01 §2.7, 02 §7, 03 §7) read into a message and field errors. */

interface ErrorBodyInfo {
  detail: string;
  fieldErrors: Record<string, string>;
}

/** An error body's text as JSON when it is JSON, else as the text; undefined when it was unreadable. */
export function errorBodyOf(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function readErrorBody(body: unknown, status: number): ErrorBodyInfo {
  const fieldErrors: Record<string, string> = {};
  let detail = `HTTP ${status}`;
  if (typeof body === 'string' && body.trim()) detail = body.trim().slice(0, 300);
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string') detail = b.detail;
    // OAuth (RFC 6749 §5.2): the description is for people, the code for programs.
    else if (typeof b.error_description === 'string' && b.error_description.trim())
      detail = typeof b.error === 'string' ? `${b.error_description} (${b.error})` : b.error_description;
    else if (typeof b.error === 'string')
      detail = b.error; // 429 body: { error: "…" }
    else if (typeof b.message === 'string') detail = b.message; // legacy visible / platform
    if (typeof b.title === 'string' && typeof b.detail === 'string' && b.title !== b.detail)
      detail = `${b.title}: ${b.detail}`;
    if (Array.isArray(b.errors)) {
      for (const item of b.errors) {
        if (!item || typeof item !== 'object') continue;
        const it = item as Record<string, unknown>;
        const loc = Array.isArray(it.loc) ? it.loc.map(String) : [];
        // loc is e.g. ["query", "limit"]: the parameter is the last element.
        const name = loc.length ? loc[loc.length - 1]! : '(request)';
        const msg = typeof it.msg === 'string' ? it.msg : typeof it.type === 'string' ? it.type : 'invalid';
        fieldErrors[name] = fieldErrors[name] ? `${fieldErrors[name]}; ${msg}` : msg;
      }
      const names = Object.keys(fieldErrors);
      if (names.length) detail = `${detail} (${names.map((n) => `${n}: ${fieldErrors[n]}`).join('; ')})`;
    }
  }
  return { detail, fieldErrors };
}
