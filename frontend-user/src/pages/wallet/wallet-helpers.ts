/** The online top-up amount as typed: a whole number, at least 1 and at least the minimum from the status. */
export function clampAmount(value: number | undefined, minTopUp: number | undefined): number {
  const min = Math.max(1, Math.floor(Number(minTopUp) || 1));
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= min ? n : min;
}

/** The `?code=` of the page's address (a redemption code to prefill). */
export function codeFromSearch(search: string): string {
  return new URLSearchParams(search).get('code')?.trim() ?? '';
}

/** Posts `params` to the payment gateway as a form, in this window (the gateway's page takes over). */
export function postForm(url: string, params: Record<string, string>, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(params)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}
