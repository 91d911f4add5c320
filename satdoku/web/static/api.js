// The server's API: POST /api/<endpoint> with JSON fields.

// The answer as {ok, status, record} or {ok: false, status, error}; never throws.
export async function post(endpoint, fields) {
  let response;
  try {
    response = await fetch(`/api/${endpoint}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(fields),
    });
  } catch (err) {
    return { ok: false, status: 0, error: `the server does not answer (${err.message})` };
  }
  let record = null;
  try {
    record = await response.json();
  } catch (err) {
    record = { error: `the server's answer is not JSON (HTTP ${response.status})` };
  }
  if (response.ok) return { ok: true, status: response.status, record };
  let error = record && record.error ? record.error : `HTTP ${response.status}`;
  if (response.status === 503) {
    const wait = response.headers.get("Retry-After");
    error = `the server is busy: ${error}${wait ? `; try again in ${wait} s` : ""}`;
  }
  return { ok: false, status: response.status, error };
}
